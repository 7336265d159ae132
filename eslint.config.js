import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Convention 12 (architecture guide): a feature may use another feature's `api.ts` and its
 * components (`.tsx`), never its internals: schemas, logic modules, styles. The internals are
 * read from the folders, so a new module is covered without editing this file.
 */
const FEATURES_DIR = new URL('./src/features/', import.meta.url);
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const internalsOf = (feature) =>
  readdirSync(new URL(`${feature}/`, FEATURES_DIR))
    .filter(
      (file) =>
        (/\.(ts|css)$/.test(file) && !file.endsWith('.d.ts') && file !== 'api.ts') ||
        /\.test\.tsx?$/.test(file),
    )
    .map((file) => file.replace(/\.(ts|tsx)$/, ''));
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  // Tests may build the whole router; a test helper is not part of a feature's surface.
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/server/**'], message: 'src/ never imports server/ (convention 12).' },
          {
            group: ['**/routes/**', '**/routeTree.gen'],
            message:
              'Imports flow components -> features -> routes: a feature never imports a route.',
          },
          ...features
            .filter((other) => other !== feature)
            .flatMap((other) =>
              internalsOf(other).map((name) => ({
                group: [`**/${other}/${name}`, `**/${other}/${name}.*`],
                message: `${other}/${name} is internal to the ${other} feature: use its api.ts or its components (convention 12).`,
              })),
            ),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/api/schema.d.ts',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  ...featureBoundaries,
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'src/ never imports server/ (convention 12).' },
            {
              group: ['**/features/**', '**/routes/**'],
              message: 'Shared components sit below features and routes (convention 12).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
