#!/usr/bin/env node
// Exports of packages/{model,server,web}/src that no file imports (issue 26: dead exports stay at
// zero). Parses the sources with the TypeScript parser only (no type check: ~2 s); follows relative
// and @portal/model imports, `export … from` chains and dynamic import(). Users are every source
// file of the packages, e2e/, bench/ and scripts/, tests included.
//   node scripts/unused-exports.mjs          exit 1 and list them when there are any
//   node scripts/unused-exports.mjs --tests  also list exports that only tests import (to judge by hand)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHECKED = ['packages/model/src', 'packages/server/src', 'packages/web/src'];
const USERS = [...CHECKED, 'e2e', 'bench', 'scripts'];
const MODEL = join(root, 'packages/model/src');

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Tests and their helpers (testing/, test/, testing.ts, test-*.ts) and e2e. */
const isTest = (f) => /\.test\.tsx?$|[/](testing|test|e2e)[/]|[/](testing|test-[\w-]+)\.tsx?$/.test(`/${relative(root, f)}`);

function resolveSpec(from, spec) {
  let base;
  if (spec === '@portal/model') base = join(MODEL, 'index.ts');
  else if (spec.startsWith('@portal/model/')) base = join(MODEL, spec.slice('@portal/model/'.length));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return undefined;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return undefined;
}

const files = USERS.flatMap((d) => walk(join(root, d)));
/** file → own exported names; file → [{ target, star } | { target, from, as }] re-exports. */
const own = new Map();
const sources = new Map();
/** file → identifier text → occurrences (declarations included). */
const idents = new Map();
const reexports = new Map();
/** file → name → set of importing files ('*': every export). */
const uses = new Map();
const use = (file, name, by) => {
  if (!uses.has(file)) uses.set(file, new Map());
  const m = uses.get(file);
  if (!m.has(name)) m.set(name, new Set());
  m.get(name).add(by);
};

const hasExport = (n) => ts.canHaveModifiers(n) && ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (n) => ts.canHaveModifiers(n) && ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  // Parent pointers are not needed (positions go through the source file): a third faster.
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names = new Map();
  const re = [];
  own.set(file, names);
  sources.set(file, sf);
  reexports.set(file, re);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const t = resolveSpec(file, st.moduleSpecifier.text);
      const c = st.importClause;
      if (!t) continue;
      if (!c) continue; // side-effect import
      if (c.name) use(t, 'default', file);
      const b = c.namedBindings;
      if (b && ts.isNamespaceImport(b)) use(t, '*', file);
      else if (b) for (const el of b.elements) use(t, (el.propertyName ?? el.name).text, file);
    } else if (ts.isExportDeclaration(st)) {
      const t = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? resolveSpec(file, st.moduleSpecifier.text) : undefined;
      if (st.moduleSpecifier && !t) continue;
      if (!st.exportClause) re.push({ target: t, star: true });
      else if (ts.isNamespaceExport(st.exportClause)) {
        names.set(st.exportClause.name.text, st.exportClause.name);
        re.push({ target: t, ns: st.exportClause.name.text });
      } else {
        for (const el of st.exportClause.elements) {
          names.set(el.name.text, el);
          if (t) re.push({ target: t, from: (el.propertyName ?? el.name).text, as: el.name.text });
        }
      }
    } else if (ts.isExportAssignment(st)) {
      names.set('default', st);
    } else if (hasExport(st)) {
      if (isDefault(st)) names.set('default', st);
      else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.set(d.name.text, d);
      } else if (st.name && ts.isIdentifier(st.name)) names.set(st.name.text, st);
    }
  }
  // import('x') anywhere, and typeof import('x').Name in types: the module is used as a whole (or by name).
  const count = new Map();
  idents.set(file, count);
  const visit = (n) => {
    if (ts.isIdentifier(n)) count.set(n.text, (count.get(n.text) ?? 0) + 1);
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    ) {
      const t = resolveSpec(file, n.arguments[0].text);
      if (t) use(t, '*', file);
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      const t = resolveSpec(file, n.argument.literal.text);
      if (t) use(t, n.qualifier ? (ts.isIdentifier(n.qualifier) ? n.qualifier.text : n.qualifier.left.getText(sf)) : '*', file);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

// Names used from a file that re-exports flow on to the file they come from, until nothing changes.
for (let changed = true; changed; ) {
  changed = false;
  for (const [file, re] of reexports) {
    const u = uses.get(file);
    if (!u) continue;
    for (const r of re) {
      if (!r.target) continue;
      const before = uses.get(r.target);
      const size = (m) => (m ? [...m.values()].reduce((s, v) => s + v.size, 0) : 0);
      const n0 = size(before);
      if (r.star) {
        for (const [name, by] of u) if (name === '*' || !own.get(file).has(name)) for (const b of by) use(r.target, name, b);
      } else if (r.ns) {
        for (const b of u.get(r.ns) ?? []) use(r.target, '*', b);
        for (const b of u.get('*') ?? []) use(r.target, '*', b);
      } else {
        for (const b of [...(u.get(r.as) ?? []), ...(u.get('*') ?? [])]) use(r.target, r.from, b);
      }
      if (size(uses.get(r.target)) !== n0) changed = true;
    }
  }
}

const checked = files.filter((f) => CHECKED.some((d) => f.startsWith(`${join(root, d)}/`)) && !isTest(f));
const dead = [];
const testOnly = [];
const inFile = [];
for (const file of checked) {
  const u = uses.get(file);
  if (u?.has('*')) continue;
  for (const [name, node] of own.get(file)) {
    // Names re-exported from elsewhere are judged where they are declared.
    if (reexports.get(file).some((r) => r.as === name || r.ns === name)) continue;
    const by = u?.get(name);
    const where = `${relative(root, file)}:${sources.get(file).getLineAndCharacterOfPosition(node.getStart(sources.get(file))).line + 1} ${name}`;
    if (!by?.size) (name !== 'default' && (idents.get(file).get(name) ?? 0) > 1 ? inFile : dead).push(where);
    else if ([...by].every((b) => isTest(b))) testOnly.push(where);
  }
}

if (process.argv.includes('--tests') && testOnly.length) {
  console.log(
    `Exports only tests import (${testOnly.length}): dead unless the test proves a real feature's unit.\n  ${testOnly.join('\n  ')}`,
  );
}
if (process.argv.includes('--in-file') && inFile.length) {
  console.log(`Exported but used only in their own file (${inFile.length}):\n  ${inFile.join('\n  ')}`);
}
if (dead.length) {
  console.error(
    `Exports nothing imports (${dead.length}): remove them, or drop \`export\` where the file uses them.\n  ${dead.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`unused exports: none (${checked.length} files)`);
