/** Runs the real `server/main.ts` entry and the `docex` command as child processes, the way a user would. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningService {
  readonly baseUrl: string;
  readonly process: ChildProcess;
  /** Everything the process wrote, for assertions on logs. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startService(env: Record<string, string>, readyTimeoutMs = 120_000): Promise<RunningService> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`service not ready after ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface CreatedKeyJson {
  readonly id: string;
  readonly key: string;
}

/** `docex keys create ... --json` through the package's bin launcher. */
export async function createKey(
  env: Record<string, string>,
  options: { name: string; credits: number; rateLimit?: number; scopes?: string },
): Promise<CreatedKeyJson> {
  const args = ['bin/docex.mjs', 'keys', 'create', '--name', options.name, '--credits', String(options.credits), '--json'];
  if (options.rateLimit !== undefined) args.push('--rate-limit', String(options.rateLimit));
  if (options.scopes !== undefined) args.push('--scopes', options.scopes);
  const { stdout } = await run(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env } });
  return JSON.parse(stdout) as CreatedKeyJson;
}

export function multipart(parts: Record<string, { bytes: Buffer; filename: string }>): FormData {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) form.append(name, new Blob([part.bytes]), part.filename);
  return form;
}
