// Root lint config for every workspace. Import rules hold the architecture of STYLE.md:
// a feature never imports another feature, shared code never imports a feature, no cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const FEATURES = [
  'auth',
  'organizations',
  'courses',
  'enrollments',
  'csv',
  'teams',
  'community',
  'profile',
  'admin',
  'superadmin',
  'health',
  'dashboard',
  'admin-dashboard',
  'analytics',
  'notifications',
  'formation',
  'email',
  'survey',
  'staff',
  'lti',
];

function featureZones(featuresDir) {
  return FEATURES.map((f) => ({
    target: `${featuresDir}/${f}`,
    from: featuresDir,
    except: [`./${f}`],
    message: 'A feature never imports another feature; compose them in a route.',
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/coverage/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/web/src/routeTree.gen.ts',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('./apps/web/src/features'),
            ...featureZones('./apps/server/src/modules'),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: ['./apps/web/src/features', './apps/web/src/routes'],
              message: 'Shared code never imports a feature or a route.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/routes',
              message: 'Features do not import routes.',
            },
            {
              target: './packages/shared',
              from: './apps',
              message: 'The shared package does not depend on the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The server's email templates (issue 26) are React components too; no browser globals.
    files: ['apps/server/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
