//! The solver's web worker: a second wasm module that answers the page's requests (see
//! `sudoku_app::worker`). Natively there is nothing to run.

/// Answers each message of the page, then says it listens: the page holds its requests until
/// then, as the messages that reach a worker before it listens are lost.
#[cfg(target_arch = "wasm32")]
fn main() {
    use sudoku_app::worker::{Request, answer, decode, encode};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
        if let Some(request) = decode::<Request>(&bytes) {
            let reply = encode(&answer(request));
            let _ = replies.post_message(&js_sys::Uint8Array::from(reply.as_slice()));
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&wasm_bindgen::JsValue::NULL);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

// Talc in place of the default allocator, as in the page: less code to download.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
