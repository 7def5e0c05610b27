/**
 * The import rules of `npm run lint`, as flat-config blocks (eslint.config.js spreads them; import-rules.test.ts
 * runs them on planted files):
 *  - local/boundaries (boundaries.js): the direction between the workspaces and between the web's layers;
 *  - import-x/no-cycle: no import cycle, resolved the way TypeScript resolves (`.js` specifiers to `.ts` sources,
 *    @clinica/shared through its "source" export condition). A cycle makes load order decide what is defined.
 */
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import boundaries from './boundaries.js';

/**
 * @param {{ cycleFiles: string[], tsconfigs?: string[] }} options  the files checked for cycles, and the
 *   TypeScript projects that resolve their imports (default: the one found beside the linted files).
 */
export function importRules({ cycleFiles, tsconfigs }) {
  return [
    {
      plugins: { local: boundaries },
      rules: { 'local/boundaries': 'error' },
    },
    {
      files: cycleFiles,
      plugins: { 'import-x': importX },
      settings: {
        ...importX.flatConfigs.typescript.settings,
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            ...(tsconfigs ? { project: tsconfigs, noWarnOnMultipleProjects: true } : {}),
            conditionNames: ['source', 'types', 'import', 'default'],
          }),
        ],
      },
      rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
    },
  ];
}
