// A row's frames from report_files/chunks/NNNN.js (written by report_data.py): each chunk script
// calls nsdChunkLoaded(k, entries); a row's channels are 16-bit values over the channel's range
// (65535: not a number), differenced along time and deflate-compressed.
'use strict';
const nsdChunkWaiters = {};
const nsdChunks = {};
function nsdChunkLoaded(k, entries) {
  nsdChunks[k] = entries;
  (nsdChunkWaiters[k] || []).forEach(w => w.resolve(entries));
  delete nsdChunkWaiters[k];
}
function nsdScriptBase() {
  // The folder of this script (report_files), so pages anywhere find the chunks.
  const s = Array.from(document.getElementsByTagName('script')).find(e => /series\.js$/.test(e.src));
  return s ? s.src.replace(/series\.js$/, '') : 'report_files/';
}
const NSD_FILES = nsdScriptBase();
function nsdLoadChunk(k) {
  if (nsdChunks[k]) return Promise.resolve(nsdChunks[k]);
  return new Promise((resolve, reject) => {
    const first = !nsdChunkWaiters[k];
    (nsdChunkWaiters[k] = nsdChunkWaiters[k] || []).push({resolve, reject});
    if (!first) return;
    const script = document.createElement('script');
    script.src = NSD_FILES + 'chunks/' + String(k).padStart(4, '0') + '.js';
    script.onerror = () => {
      (nsdChunkWaiters[k] || []).forEach(w => w.reject(new Error('missing ' + script.src)));
      delete nsdChunkWaiters[k];
    };
    document.head.appendChild(script);
  });
}
async function nsdInflate(base64) {
  const bytes = Uint8Array.from(atob(base64), c => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint16Array(await new Response(stream).arrayBuffer());
}
// The row's run: {details, frames, contacts, channel(name, contact) -> Float64Array}.
async function nsdLoadRun(row) {
  const where = NSD_SERIES.rows[row];
  const entries = await nsdLoadChunk(where[0]);
  const e = entries.find(x => x.row === row);
  const run = {details: e.details, frames: e.frames, contacts: e.contacts, values: []};
  if (e.frames > 0) {
    const deltas = await nsdInflate(e.data);
    for (let c = 0; c < e.lo.length; ++c) {
      const out = new Float64Array(e.frames);
      let q = 0;
      for (let f = 0; f < e.frames; ++f) {
        q = (q + deltas[c * e.frames + f]) & 0xffff;
        out[f] = q === 65535 || e.lo[c] === null ? NaN : e.lo[c] + (e.hi[c] - e.lo[c]) * q / 65534;
      }
      run.values.push(out);
    }
  }
  const frameNames = NSD_SERIES.channels.frame, contactNames = NSD_SERIES.channels.contact;
  run.channel = (name, contact) => {
    const k = contact === undefined ? frameNames.indexOf(name)
      : frameNames.length + contact * contactNames.length + contactNames.indexOf(name);
    return run.values[k] || new Float64Array(run.frames).fill(NaN);
  };
  run.scene = NSD_SERIES.scenes[where[3]] || null;
  return run;
}
function nsdNorm3(run, names, contact) {
  const a = names.map(n => run.channel(n, contact));
  return Array.from(a[0], (_, f) => Math.hypot(a[0][f], a[1][f], a[2][f]));
}
function nsdEscape(text) {
  return String(text).replace(/[&<>"']/g, ch =>
    ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[ch]));
}
