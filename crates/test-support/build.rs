//! With `TDOKU_SRC` set to a checkout of tdoku (github.com/t-dillon/tdoku), compiles its DPLL
//! triad solver as tdoku builds itself (`-O3 -march=native`, C++14), so that the benchmarks can
//! time it beside ours in one process (`tdoku` in the library). Without it, nothing is compiled.

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    println!("cargo::rerun-if-env-changed=TDOKU_SRC");
    let Some(source) = std::env::var_os("TDOKU_SRC") else {
        return;
    };
    let source = PathBuf::from(source).join("src");
    let solver = source.join("solver_dpll_triad_simd.cc");
    assert!(
        solver.is_file(),
        "TDOKU_SRC: no {} (TDOKU_SRC names the tdoku checkout)",
        solver.display()
    );
    println!("cargo::rerun-if-changed={}", solver.display());
    cc::Build::new()
        .cpp(true)
        .file(&solver)
        .include(&source)
        .flag("-std=c++14")
        .flag("-O3")
        .flag("-march=native")
        .warnings(false)
        .compile("tdoku");
    println!("cargo::rustc-cfg=tdoku");
}
