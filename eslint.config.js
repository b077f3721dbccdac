// Flat config: typescript-eslint's recommended rules on all of our code; formatting is prettier's job.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The boundaries between the project's parts (docs/development.md, "Boundaries"). Matched on
 * the import's text: a relative path climbing to the forbidden folder, or the `@/`/`~/` aliases.
 */
const to = (folders) => `^(?:(?:\\.\\./)+|[@~]{1,2}/)(?:${folders})(?:/|$)`;
const BOUNDARY = {
  uiNoApi: {
    regex: `${to('lib/api')}|^(?:\\.\\./)+api(?:/|$)`,
    message:
      'The UI (components/, lib/ui/) talks to the service only through the background: use lib/messaging/channel.ts.',
  },
  libNoUi: {
    regex: to('components|entrypoints'),
    message:
      'lib/ never imports components/ or entrypoints/: entrypoints wire lib/ together, not the other way round.',
  },
  extractAlone: {
    regex: `^(?:\\.\\.(?:/|$)|[@~]{1,2}/)`,
    message:
      'lib/extract is a pure pipeline and imports nothing else of the project (the extraction script runs in pages).',
  },
  serverAlone: {
    regex: to('lib|components|entrypoints'),
    message:
      'server/ imports no extension code (lib/, components/, entrypoints/); shared declarations live in contract/.',
  },
};
const boundary = (files, rules, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns: rules.map((r) => BOUNDARY[r]) }] },
});

export default tseslint.config(
  { ignores: ['.output/', '.wxt/', 'node_modules/', '.data/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  // One block per area, as a later block's options for a rule replace an earlier block's.
  boundary(['components/**'], ['uiNoApi']),
  boundary(['lib/ui/**'], ['uiNoApi', 'libNoUi']),
  boundary(['lib/extract/**'], ['extractAlone']),
  boundary(['lib/**'], ['libNoUi'], ['lib/ui/**', 'lib/extract/**']),
  boundary(['server/**'], ['serverAlone']),
  {
    // The command line writes the database while the service runs; see writeTransaction.
    files: ['server/**'],
    ignores: ['server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            'Use writeTransaction (server/db/database.ts): a deferred transaction that reads then writes fails at once when the command line wrote in between.',
        },
      ],
    },
  },
  prettier,
);
