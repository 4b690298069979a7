import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'

const features = (() => {
  try {
    return readdirSync('./src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  } catch {
    return []
  }
})()

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // lib and ui are shared behaviour: they never reach into features or routes.
            { target: './src/lib', from: ['./src/features', './src/routes', './src/app'] },
            { target: './src/ui', from: ['./src/features', './src/routes', './src/app'] },
            // A feature never imports another feature.
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
            })),
            // The client never imports server code.
            { target: './src', from: './server' },
            { target: './contract', from: ['./server', './src'] },
          ],
        },
      ],
    },
  },
  {
    // Storage can throw (Telegram Web's cross-site frame, private windows): the client reads
    // and writes it only through src/lib/storage/safe-storage.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/storage/safe-storage.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['localStorage', 'sessionStorage'].map((name) => ({
          name,
          message: 'use localStore / tabStore from src/lib/storage/safe-storage (never throws)',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['localStorage', 'sessionStorage'].map((property) => ({
            object,
            property,
            message: 'use localStore / tabStore from src/lib/storage/safe-storage (never throws)',
          })),
        ),
      ],
    },
  },
  {
    // No pattern may backtrack super-linearly on text an attacker chooses (issue 24: one email
    // held the event loop for seconds). Both rules read every regex literal and RegExp().
    files: ['contract/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }],
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    // String.replace reads $&, $`, $' and $<n> in a replacement string: data inserted that way
    // can splice the page into itself (issue 24). On the server, the replacement is a literal
    // or a function.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type='Literal'], [arguments.1.type='ArrowFunctionExpression'], [arguments.1.type='FunctionExpression'], [arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0])",
          message:
            "pass a function as the replacement (a string reads $& $` $' as patterns, and data can carry them)",
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // zod schemas stay on the server: the client may import their types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          // A React.lazy part keeps a failed import for good: offline, the page's error screen.
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                'use lazyUntilLoaded (src/lib/loading/import-until-loaded.ts): a chunk that cannot load is asked for again',
            },
          ],
          patterns: [
            {
              group: ['**/contract/*.schema'],
              allowTypeImports: true,
              message: 'import type only: zod must not ship to the client',
            },
          ],
        },
      ],
    },
  },
)
