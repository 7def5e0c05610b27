/**
 * ESLint rule enforcing the repository's import direction (README, "Import rules"):
 *  - a web feature never imports another feature (apps/web/src/features/<a> -/-> features/<b>);
 *  - the web's shared code (apps/web/src/components/, apps/web/src/lib/) never imports features/ or app/:
 *    shared code sits below the screens that use it;
 *  - the web never imports the API (apps/web -/-> apps/api, '@clinica/api');
 *  - packages/shared imports neither app.
 * Relative imports are resolved against the importing file, so `../../b/x`
 * is caught as well as aliases (`@/features/b`).
 */
import path from 'node:path';

const norm = (p) => p.split(path.sep).join('/');

/**
 * Where a file sits: { area: 'web'|'api'|'shared'|null, feature: string|null, layer: string|null }, the layer
 * being the web's top folder under src/ (features, components, lib, app…).
 */
function locate(file) {
  const f = norm(file);
  const web = f.match(/(?:^|\/)apps\/web\/(.*)$/);
  if (web) {
    const feature = web[1].match(/^src\/features\/([^/]+)/);
    const layer = web[1].match(/^src\/([^/.]+)(?:\/|$)/);
    return { area: 'web', feature: feature ? feature[1] : null, layer: layer ? layer[1] : null };
  }
  if (/(?:^|\/)apps\/api\//.test(f)) return { area: 'api', feature: null, layer: null };
  if (/(?:^|\/)packages\/shared\//.test(f)) return { area: 'shared', feature: null, layer: null };
  return { area: null, feature: null, layer: null };
}

/** The web's layers that hold shared code, and the layers above them they may not import. */
const SHARED_WEB_LAYERS = new Set(['components', 'lib']);
const UPPER_WEB_LAYERS = new Set(['features', 'app']);

/** Resolves an import specifier to a pseudo-path we can locate, or a package name. */
function resolveTarget(file, spec, root) {
  if (spec.startsWith('.')) return { file: norm(path.resolve(path.dirname(file), spec)) };
  if (spec.startsWith('@/')) return { file: norm(path.join(root, 'apps/web/src', spec.slice(2))) };
  return { pkg: spec };
}

export function violation(file, spec, root) {
  const from = locate(file);
  if (!from.area) return null;
  const target = resolveTarget(file, spec, root);
  const pkg = target.pkg ?? '';
  const to = target.file ? locate(target.file) : { area: null, feature: null, layer: null };
  if (from.area === 'web' && (to.area === 'api' || pkg === '@clinica/api' || pkg.startsWith('@clinica/api/')))
    return 'A web não pode importar código da API; use @clinica/shared.';
  if (from.area === 'shared' && (to.area === 'api' || to.area === 'web' || /^@clinica\/(api|web)(\/|$)/.test(pkg)))
    return 'packages/shared não pode importar os apps.';
  if (from.area === 'web' && SHARED_WEB_LAYERS.has(from.layer) && to.area === 'web' && UPPER_WEB_LAYERS.has(to.layer))
    return `O código compartilhado da web (${from.layer}/) não pode importar ${to.layer}/; mova o que ele precisa para components/ ou lib/.`;
  if (from.area === 'web' && from.feature && to.area === 'web' && to.feature && to.feature !== from.feature)
    return `A feature "${from.feature}" não pode importar a feature "${to.feature}"; mova o código compartilhado para components/ ou packages/shared.`;
  return null;
}

const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: "Import direction between the workspaces and the web's layers" },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const message = violation(file, spec, root);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries: boundariesRule } };
