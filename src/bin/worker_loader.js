// The solver's worker: its wasm-bindgen glue, then its wasm. A wasm that cannot be fetched or
// compiled (the network lost during its download) is thrown again as an uncaught error of the
// worker, which the page hears as the worker's `error` event, as it hears a trap: left a
// rejected promise, it would reach the page as nothing, and the game would wait for a worker
// that never listens.
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" }).catch((error) => setTimeout(() => {
  throw error;
}));
