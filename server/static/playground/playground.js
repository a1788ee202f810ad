// The docex playground: one page, no build step, no outside asset. Everything shown from the answer is put in
// with textContent, never as HTML.
const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const PARTS = { passport: ['first_page', 'last_page'], pan: ['file'] };
const COLOURS = ['#e63946', '#1d70b8', '#2a9d8f', '#e76f51', '#7b2cbf', '#f4a261', '#118ab2', '#06a77d', '#d62976', '#6c757d'];
let samples = [];
let objectUrls = [];
/** How the service renders a PDF page (GET /playground/settings.json): its geometry is in those pixels. */
let pdfRendering = { pdf_dpi: 200, max_image_pixels: 50_000_000 };

const currentType = () => document.querySelector('input[name=type]:checked').value;

function setStatus(text, error = false) {
  $('status').textContent = text;
  $('status').className = error ? 'error' : '';
}

function showParts() {
  const type = currentType();
  $('passport-parts').hidden = type !== 'passport';
  $('pan-parts').hidden = type !== 'pan';
  const select = $('sample');
  select.replaceChildren(new Option('(choose a synthetic sample)', ''));
  for (const sample of samples.filter((s) => s.endpoint === type)) select.add(new Option(sample.title, sample.id));
}

/** Puts a file into a part's <input type=file>, so the form shows it like a picked file. */
function setPartFile(part, file) {
  const transfer = new DataTransfer();
  if (file) transfer.items.add(file);
  $(part).files = transfer.files;
}

function clearParts() {
  for (const part of [...PARTS.passport, ...PARTS.pan]) setPartFile(part, null);
}

// --- choosing files: inputs, drop zone, samples ---------------------------------------------------------------
for (const radio of document.querySelectorAll('input[name=type]')) radio.addEventListener('change', showParts);

const drop = $('drop');
drop.addEventListener('dragover', (event) => {
  event.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (event) => {
  event.preventDefault();
  drop.classList.remove('over');
  const files = [...event.dataTransfer.files];
  const parts = PARTS[currentType()];
  files.slice(0, parts.length).forEach((file, i) => setPartFile(parts[i], file));
  setStatus(`${Math.min(files.length, parts.length)} file(s) ready: ${files.slice(0, parts.length).map((f) => f.name).join(', ')}`);
});

async function loadSample(id) {
  const sample = samples.find((s) => s.id === id);
  if (!sample) return false;
  document.querySelector(`input[name=type][value=${sample.endpoint}]`).checked = true;
  showParts();
  $('sample').value = id;
  clearParts();
  for (const [part, path] of Object.entries(sample.files)) {
    const response = await fetch(`/playground/samples/${path}`);
    if (!response.ok) throw new Error(`sample file ${path}: HTTP ${response.status}`);
    const blob = await response.blob();
    setPartFile(part, new File([blob], path.split('/').pop(), { type: blob.type }));
  }
  return true;
}

$('try-sample').addEventListener('click', async () => {
  const id = $('sample').value || samples.find((s) => s.endpoint === currentType())?.id;
  try {
    if (!(await loadSample(id))) return setStatus('No sample for this document type.', true);
    $('request').requestSubmit();
  } catch (error) {
    setStatus(`Could not load the sample: ${error.message}`, true);
  }
});

// --- sending --------------------------------------------------------------------------------------------------
$('request').addEventListener('submit', async (event) => {
  event.preventDefault();
  const type = currentType();
  const key = $('key').value.trim();
  if (!key) return setStatus('Paste an API key first (docex keys create --name me --credits 20).', true);
  const files = PARTS[type].map((part) => [part, $(part).files[0]]).filter(([, file]) => file);
  if (files.length === 0 || files[0][0] !== PARTS[type][0]) return setStatus(`Choose the ${PARTS[type][0].replace('_', ' ')} first.`, true);
  const form = new FormData();
  for (const [part, file] of files) form.append(part, file, file.name);
  if (type === 'pan' && $('password').value) form.append('password', $('password').value);
  document.body.dataset.state = 'sending';
  setStatus('Reading…');
  $('send').disabled = true;
  try {
    const response = await fetch(`/v1/documents/${type}`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    const body = await response.json().catch(() => null);
    await showAnswer(response, body, files.map(([, file]) => file));
  } catch (error) {
    setStatus(`The request failed: ${error.message}`, true);
  } finally {
    $('send').disabled = false;
    document.body.dataset.state = 'done';
  }
});

// --- showing the answer ---------------------------------------------------------------------------------------
const words = (text) => String(text).replace(/_/g, ' ');

function listItem(list, text, verdict) {
  const li = document.createElement('li');
  li.textContent = text;
  if (verdict) li.className = verdict;
  list.append(li);
}

const CHECK_SENTENCES = {
  format_valid: 'The PAN has the 10-character format',
  holder_type_known: 'The 4th character is a known holder type',
  name_initial_matches: "The 5th character is the name's initial",
  date_plausible: 'The date is a real date, not in the future',
};

function showChecks(checks) {
  const list = $('checks');
  list.replaceChildren();
  if (!checks || typeof checks !== 'object') return listItem(list, 'No checks in this answer.', 'none');
  for (const [key, value] of Object.entries(checks)) {
    if (key === 'check_digits' && value && typeof value === 'object') {
      for (const [field, verdict] of Object.entries(value)) {
        listItem(list, `The ${words(field)} check digit ${verdict === 'valid' ? 'holds' : 'fails'}`, verdict === 'valid' ? 'ok' : 'bad');
      }
    } else if (key === 'printed_vs_mrz' && value && typeof value === 'object') {
      for (const [field, verdict] of Object.entries(value)) {
        const said = { match: 'printed page and MRZ agree', mismatch: 'printed page and MRZ disagree', not_read: 'printed value not read' }[verdict] ?? verdict;
        listItem(list, `${words(field)}: ${said}`, verdict === 'match' ? 'ok' : verdict === 'mismatch' ? 'bad' : 'none');
      }
    } else {
      const sentence = CHECK_SENTENCES[key] ?? words(key);
      listItem(list, value === null ? `${sentence}: not checked` : sentence + (value ? '' : ': no'), value === null ? 'none' : value ? 'ok' : 'bad');
    }
  }
}

function showFields(body) {
  const rows = $('fields').tBodies[0];
  rows.replaceChildren();
  const confidence = body.confidence ?? {};
  const add = (name, value, sure) => {
    const row = rows.insertRow();
    row.insertCell().textContent = words(name);
    row.insertCell().textContent = value === null || value === undefined ? '(not read)' : String(value);
    row.insertCell().textContent = typeof sure === 'number' ? `confidence ${sure.toFixed(2)}` : '';
  };
  for (const [name, value] of Object.entries(body)) {
    if (name !== 'last_page' && (value === null || typeof value !== 'object')) add(name, value, confidence[name]);
  }
  if (body.last_page === null) add('last page', '(none sent)');
  if (body.mrz) for (const line of ['line1', 'line2']) add(`MRZ ${line}`, body.mrz[line], line === 'line1' ? confidence.mrz : undefined);
  if (body.last_page) for (const [name, value] of Object.entries(body.last_page)) add(`last page: ${name}`, value);
}

function showRepairsAndWarnings(body) {
  const repairs = $('repairs');
  repairs.replaceChildren();
  for (const r of body.repairs ?? []) {
    listItem(repairs, `${words(r.field)}${r.position ? ` at position ${r.position}` : ''}: read “${r.from}”, repaired to “${r.to}” (${words(r.reason)})`);
  }
  if (repairs.children.length === 0) listItem(repairs, 'Nothing was repaired.', 'none');
  const warnings = $('warnings');
  warnings.replaceChildren();
  for (const w of body.warnings ?? []) listItem(warnings, typeof w === 'string' ? w : `${w.message} (${w.code})`, 'bad');
  if (warnings.children.length === 0) listItem(warnings, 'No warnings.', 'none');
}

function loadImage(url) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the browser cannot show this image'));
    img.src = url;
  });
}

/**
 * Pixels per PDF point as the service renders a page (core/imaging/pdfPages.ts, pdfRenderScale): its dpi, less
 * where the page would pass the pixel limit.
 */
function pdfRenderScale(widthPt, heightPt) {
  const pixelsAt = (scale) => Math.ceil(widthPt * scale) * Math.ceil(heightPt * scale);
  const wanted = pdfRendering.pdf_dpi / 72;
  if (pixelsAt(wanted) <= pdfRendering.max_image_pixels) return wanted;
  let scale = Math.sqrt(pdfRendering.max_image_pixels / (widthPt * heightPt));
  while (pixelsAt(scale) > pdfRendering.max_image_pixels) scale *= 0.999;
  return scale;
}

/**
 * A PDF's first pages as images, rendered in the browser with pdf.js from the service's node_modules at the scale
 * the service read them at, so the answer's polygons fall in the images' own pixels. Also the page count, for the
 * page index of the next file.
 */
async function pdfPageImages(file) {
  const pdfjs = await import('/playground/vendor/pdf.min.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = '/playground/vendor/pdf.worker.min.mjs';
  const password = $('password').value || undefined;
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), password, isEvalSupported: false }).promise;
  const images = [];
  for (let n = 1; n <= Math.min(pdf.numPages, 3); n += 1) {
    const page = await pdf.getPage(n);
    // At scale 1 the viewport is the page's size in points, /Rotate and /UserUnit applied, as the service measures it.
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: pdfRenderScale(natural.width, natural.height) });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    const url = URL.createObjectURL(blob);
    objectUrls.push(url);
    images.push(await loadImage(url));
  }
  return { images, pageCount: pdf.numPages };
}

/** One page with its fields' polygons drawn in the image's own pixels (the SVG's viewBox), labelled. */
function drawPage(img, pageIndex, geometry, caption) {
  const figure = document.createElement('figure');
  figure.className = 'page';
  figure.dataset.page = String(pageIndex);
  const svg = document.createElementNS(SVG, 'svg');
  const width = img.naturalWidth;
  const height = img.naturalHeight;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  const fontSize = Math.max(14, Math.round(width / 45));
  let drawn = 0;
  Object.entries(geometry ?? {})
    .filter(([, g]) => g && g.page === pageIndex)
    .forEach(([field, g], i) => {
      const colour = COLOURS[i % COLOURS.length];
      const polygon = document.createElementNS(SVG, 'polygon');
      polygon.setAttribute('points', g.polygon.map(([x, y]) => `${x},${y}`).join(' '));
      polygon.setAttribute('class', 'field-box');
      polygon.setAttribute('stroke', colour);
      polygon.setAttribute('fill', colour);
      polygon.dataset.field = field;
      const label = document.createElementNS(SVG, 'text');
      const [x, y] = g.polygon[0];
      label.setAttribute('x', String(x));
      label.setAttribute('y', String(Math.max(fontSize, y - fontSize * 0.3)));
      label.setAttribute('font-size', String(fontSize));
      label.setAttribute('class', 'field-label');
      label.setAttribute('fill', colour);
      label.setAttribute('stroke-width', String(fontSize / 5));
      label.textContent = words(field);
      svg.append(polygon, label);
      drawn += 1;
    });
  // The frame shrinks to the image, so the SVG's box (and its viewBox) lies exactly over the image.
  const wrap = document.createElement('div');
  wrap.className = 'frame';
  wrap.append(img, svg);
  const text = document.createElement('figcaption');
  text.className = 'caption';
  text.textContent = caption;
  figure.append(wrap, text);
  $('pages').append(figure);
  return drawn;
}

async function showPages(files, geometry) {
  for (const url of objectUrls) URL.revokeObjectURL(url);
  objectUrls = [];
  $('pages').replaceChildren();
  const notes = [];
  let pageIndex = 0;
  let boxes = 0;
  for (const file of files) {
    const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
    try {
      if (pdf) {
        const { images, pageCount } = await pdfPageImages(file);
        images.forEach((img, n) => {
          boxes += drawPage(img, pageIndex + n, geometry, `${file.name}, page ${n + 1}`);
        });
        if (pageCount > images.length) notes.push(`${file.name}: the first ${images.length} of ${pageCount} pages are shown.`);
        pageIndex += pageCount;
      } else {
        const url = URL.createObjectURL(file);
        objectUrls.push(url);
        boxes += drawPage(await loadImage(url), pageIndex++, geometry, file.name);
      }
    } catch (error) {
      notes.push(`${file.name}: not shown (${error.message}).`);
      pageIndex += 1;
    }
  }
  const located = Object.values(geometry ?? {}).filter((g) => g !== null).length;
  if (geometry !== null && located === 0) notes.push('This answer carries no field geometry, so there are no boxes to draw.');
  $('pages').dataset.boxes = String(boxes);
  $('geometry-note').textContent = notes.join(' ');
}

async function showAnswer(response, body, files) {
  $('answer').hidden = false;
  $('json').textContent = body === null ? '(no JSON body)' : JSON.stringify(body, null, 2);
  const charged = response.headers.get('X-Credits-Charged');
  const remaining = response.headers.get('X-Credits-Remaining');
  if (!response.ok) {
    $('credits').textContent = 'Nothing was charged.';
    const detail = body ? `${body.title}${body.detail ? `: ${body.detail}` : ''}${body.hint ? ` (${body.hint})` : ''}` : `HTTP ${response.status}`;
    setStatus(`Refused (${response.status} ${body?.code ?? ''}): ${detail}`, true);
    for (const id of ['checks', 'repairs', 'warnings']) $(id).replaceChildren();
    $('fields').tBodies[0].replaceChildren();
    await showPages(files, null);
    return;
  }
  $('credits').textContent = `Charged ${charged ?? '?'} credit(s); ${remaining ?? '?'} left on this key.`;
  setStatus('Read.');
  showFields(body);
  showChecks(body.checks);
  showRepairsAndWarnings(body);
  await showPages(files, body.geometry);
}

// --- start ----------------------------------------------------------------------------------------------------
const settings = fetch('/playground/settings.json')
  .then((response) => (response.ok ? response.json() : null))
  .then((answer) => {
    if (answer) pdfRendering = answer;
  })
  .catch(() => undefined);
const sampleIndex = fetch('/playground/samples/samples.json')
  .then((response) => (response.ok ? response.json() : { samples: [] }))
  .then((index) => {
    samples = index.samples ?? [];
  })
  .catch(() => undefined);
Promise.all([settings, sampleIndex]).then(() => {
  showParts();
  document.body.dataset.ready = 'true';
});
