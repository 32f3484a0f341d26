// Post-build step of release builds (a hook in Trunk.toml), for each wasm module and its
// wasm-bindgen JS glue:
// - shortens the names by which the JS and the wasm call each other (wasm-bindgen's import names
//   carry a 16-digit hash each, and closures' export names run to 300 characters): wasm-opt
//   renames them and prints the mapping, applied here to the glue;
// - drops the glue's functions for imports the optimised wasm no longer has, and the classes of
//   web streams that Leptos' server functions export and a client-side app never makes (the
//   linker, tools/wasm-link, leaves their wasm out; wasm-bindgen still writes their JS);
// - minifies the glue with terser, which trunk's own minifier cannot parse, and the page's inline
//   loader of it.
// index.html names its files without integrity hashes (`data-integrity="none"`): all of them come
// from the page's own origin, where a hash guards against nothing the page itself does not.
// The worker's glue is a classic script that index.html does not name.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse } from 'acorn';
import { minify } from 'terser';

/** What the wasm may use: the features of the web build (.ci/web-env), as wasm-opt spells them. */
const FEATURES = ['simd', 'bulk-memory', 'nontrapping-float-to-int', 'sign-ext', 'mutable-globals', 'reference-types', 'multivalue']
  .map((feature) => `--enable-${feature}`);

/** The unused web stream classes, as the glue names them. */
const UNUSED_CLASS = /\bIntoUnderlying\w*/;

/** Renames the wasm's imports and exports in place, and drops the sections naming the compiler
 *  and its target features, which the browser does not read; returns the mapping and the new
 *  module name. */
function minifyWasmNames(wasmPath) {
  const printed = execFileSync('wasm-opt', [
    wasmPath, ...FEATURES, '--minify-imports-and-exports-and-modules', '--strip-producers',
    '--strip-target-features', '-o', wasmPath,
  ], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const { imports, exports } = JSON.parse(printed);
  const modules = new Set(
    WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(wasmPath))).map((i) => i.module),
  );
  if (modules.size > 1) throw new Error(`${wasmPath}: imports from ${[...modules]}`);
  return {
    module: [...modules][0],
    oldModules: new Set(imports.map(([module]) => module)),
    imports: new Map(imports.map(([, name, short]) => [name, short])),
    exports: new Map(exports),
  };
}

/** Applies the mapping to the glue's source (trunk may have minified it already, so the glue's
 *  own names are not relied on): the import object's keys and module name, the calls of the
 *  wasm's exports; removes the import functions the wasm lost, and every top-level statement
 *  about the unused classes (the classes, their finalizers, their disposers). */
function renameInGlue(glue, names) {
  const edits = [];
  const ast = parse(glue, { ecmaVersion: 'latest', sourceType: 'module' });
  const kept = [];
  for (const statement of ast.body) {
    if (UNUSED_CLASS.test(glue.slice(statement.start, statement.end))) {
      edits.push([statement.start, statement.end, '']);
    } else {
      kept.push(statement);
    }
  }
  const nodes = [];
  for (const statement of kept) walk(statement, (node) => nodes.push(node));
  const keyName = (property) => property.key.name ?? property.key.value;
  // The wasm's exports object is whatever the glue starts the wasm with.
  const start = nodes.find((node) => node.type === 'MemberExpression' && node.property.name === '__wbindgen_start');
  const wasm = start.object.name;
  const importObject = nodes.find((node) => node.type === 'ObjectExpression'
    && node.properties.some((property) => property.key && names.imports.has(keyName(property))));
  if (!start || !importObject) throw new Error('the glue has no import object or no start call');
  for (const property of importObject.properties) {
    if (property.type !== 'Property') continue;
    const short = names.imports.get(keyName(property));
    if (short) {
      edits.push([property.key.start, property.key.end, short]);
    } else {
      const end = glue[property.end] === ',' ? property.end + 1 : property.end;
      edits.push([property.start, end, '']);
    }
  }
  for (const node of nodes) {
    if (node.type === 'Property' && node.key && names.oldModules.has(keyName(node))) {
      edits.push([node.key.start, node.key.end, JSON.stringify(names.module)]);
    } else if (node.type === 'MemberExpression' && !node.computed && node.object.name === wasm) {
      const short = names.exports.get(node.property.name);
      if (!short) throw new Error(`the glue calls ${node.property.name}, which the wasm does not export`);
      edits.push([node.property.start, node.property.end, short]);
    }
  }
  edits.sort((a, b) => b[0] - a[0]);
  let edited = glue;
  for (const [begin, end, text] of edits) edited = edited.slice(0, begin) + text + edited.slice(end);
  return edited;
}

function walk(node, visit) {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') walk(child, visit);
    } else if (value && typeof value.type === 'string') {
      walk(value, visit);
    }
  }
}

if (process.env.TRUNK_PROFILE === 'release') {
  const staging = process.env.TRUNK_STAGING_DIR;
  const html = await readFile(join(staging, basename(process.env.TRUNK_HTML_FILE)), 'utf8');
  const files = await readdir(staging);
  for (const name of files.filter((file) => file.endsWith('.js'))) {
    const jsPath = join(staging, name);
    const wasmPath = jsPath.replace(/\.js$/, '_bg.wasm');
    const glue = await readFile(jsPath, 'utf8');
    // The page's glue is the module index.html imports; the worker's are classic scripts.
    const module = html.includes(name);
    const source = files.includes(basename(wasmPath)) ? renameInGlue(glue, minifyWasmNames(wasmPath)) : glue;
    const { code } = await minify(source, { module, compress: { passes: 2 } });
    await writeFile(jsPath, code);
  }
  // And the page's loader of its glue (Trunk.toml's pattern_script), which trunk leaves as written.
  let page = html;
  for (const [script, body] of html.matchAll(/<script type=module>([\s\S]*?)<\/script>/g)) {
    const { code } = await minify(body, { module: true, compress: { passes: 2 } });
    page = page.replace(script, `<script type=module>${code}</script>`);
  }
  await writeFile(join(staging, basename(process.env.TRUNK_HTML_FILE)), page);
}
