//! Share: the page's address, which carries the puzzle, goes to the phone's share sheet where
//! there is one, else to the clipboard.

use leptos::web_sys::{self, ShareData};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use sudoku_app::game::Action;

use crate::play::Play;

/// Share: hands the address to the share sheet or the clipboard, and says which.
pub fn share(play: Play) {
    leptos::task::spawn_local(async move {
        let said = match share_address().await {
            Ok(said) => said,
            Err(address) => format!("Copy this link to share the puzzle: {address}"),
        };
        play.apply(Action::Tell(said));
    });
}

/// Shares or copies the address; says which, or gives the address back if neither worked.
async fn share_address() -> Result<String, String> {
    let window = web_sys::window().ok_or_else(String::new)?;
    let address = window.location().href().unwrap_or_default();
    let navigator = window.navigator();
    let can_share =
        web_sys::js_sys::Reflect::has(&navigator, &JsValue::from_str("share")).unwrap_or(false);
    if can_share {
        let data = ShareData::new();
        data.set_title("Sudoku");
        data.set_url(&address);
        return match JsFuture::from(navigator.share_with_data(&data)).await {
            Ok(_) => Ok("Link shared".into()),
            Err(_) => Err(address),
        };
    }
    match JsFuture::from(navigator.clipboard().write_text(&address)).await {
        Ok(_) => Ok("Link copied".into()),
        Err(_) => Err(address),
    }
}
