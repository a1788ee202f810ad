import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // OCR suites each start a tesseract.js pool; two at once fill this 2-core machine.
    maxWorkers: 2,
  },
});
