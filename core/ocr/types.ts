/** The OCR port: what a plugin may ask of the general-purpose text recogniser (a tesseract.js worker pool). */

export interface BoundingBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface OcrWord {
  readonly text: string;
  /** 0..100 as Tesseract reports it. */
  readonly confidence: number;
  readonly bbox: BoundingBox;
}

export interface OcrLine {
  readonly text: string;
  readonly confidence: number;
  readonly bbox: BoundingBox;
  readonly words: readonly OcrWord[];
}

export interface OcrResult {
  readonly text: string;
  readonly confidence: number;
  readonly lines: readonly OcrLine[];
}

/** Tesseract page segmentation modes that make sense for document fields. */
export type PageSegmentation = 'auto' | 'single_block' | 'single_line' | 'single_word' | 'sparse_text';

export interface OcrRequest {
  /** An encoded image (PNG or JPEG) or raw pixels. */
  readonly image: Buffer | import('../imaging/types.ts').RawImage;
  readonly segmentation?: PageSegmentation;
  /** Restrict the recognised characters, e.g. `0123456789/`. */
  readonly charWhitelist?: string;
  /**
   * The text sought is dark on a light ground: Tesseract does not try each doubtful word again inverted (its
   * `tessedit_do_invert`). On a passport's field zone those tries read only portrait and guilloche, ~a quarter of a
   * sparse pass's time. Leave unset where light-on-dark text may matter.
   */
  readonly darkTextOnly?: boolean;
  /** Only this rectangle of the image, in pixels. */
  readonly rectangle?: { readonly left: number; readonly top: number; readonly width: number; readonly height: number };
  readonly signal?: AbortSignal;
  /**
   * Aborted while the job still waits for a worker, the job is dropped unrun (its promise rejects with the reason);
   * once running, it runs to its end and is answered. For a read asked ahead of need, on a worker that would idle:
   * withdrawn when the need is gone, it costs a busy pool nothing, and a started one is no stuck job to be killed.
   */
  readonly withdraw?: AbortSignal;
}

export interface OcrPort {
  recognize(request: OcrRequest): Promise<OcrResult>;
}
