import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The three source roots may not reach into each other (see ARCHITECTURE.md):
// shared is isomorphic, server and web only meet through shared.
const boundary = (forbidden, message, paths = []) => ({
  'no-restricted-imports': [
    'error',
    { paths, patterns: forbidden.map((group) => ({ group: [group, `**/${group.replace('@', '')}/**`], message })) },
  ],
});

// The declarative router's navigate changes with every location; web code uses the stable one (decision 0108).
const stableNavigate = {
  name: 'react-router',
  importNames: ['useNavigate'],
  message: "Use useNavigate from '@web/lib/navigation': it keeps one identity across navigations.",
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.tmp/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'android/**', 'ios/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: boundary(['@server/*', '@web/*'], 'src/shared is isomorphic: it imports neither server nor web.'),
  },
  {
    files: ['src/server/**'],
    rules: boundary(['@web/*'], 'The server never imports web code.'),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      ...boundary(['@server/*'], 'The web never imports server code.', [stableNavigate]),
    },
  },
  {
    // The typed API client (docs/api.md) is for other people's code: it imports only its own files and packages.
    files: ['clients/**'],
    ignores: ['clients/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@shared/*', '@server/*', '@web/*', '**/src/**', '**/scripts/**'],
              message: "The typed client stands alone: it never imports the product's code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/lib/navigation.ts'],
    rules: boundary(['@server/*'], 'The web never imports server code.'),
  },
  {
    // Features are islands: shared pieces live in components/, lib/ or src/shared.
    files: ['src/web/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [stableNavigate],
          patterns: [
            { group: ['@server/*'], message: 'The web never imports server code.' },
            { group: ['@web/features/*', '../../features/*', '../../*/**/features/*'], message: 'No imports between web features.' },
          ],
        },
      ],
    },
  },
);
