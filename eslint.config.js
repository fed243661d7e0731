import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Feature folders of the web app (docs/ARCHITECTURE.md, Web): a feature may use another only through its
// public index (features/<name>/index.ts), and the shared components/ use no feature at all. Routes and
// app/ compose features and may import what they need.
const WEB_SRC = path.join(import.meta.dirname, 'apps/web/src');
const FEATURES = path.join(WEB_SRC, 'features');
const COMPONENTS = path.join(WEB_SRC, 'components');

/** The feature a file belongs to and its path inside it ('' or 'index' for the public index). */
function featureOf(file) {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...inside] = relative.split(path.sep);
  return { name, inside: inside.join('/').replace(/\.tsx?$/, '') };
}

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps features out of each other's insides and components/ free of features" },
    messages: {
      inside:
        "Feature '{{from}}' imports '{{source}}' inside feature '{{to}}': import from '{{to}}' (its index.ts) instead.",
      component: "components/ is shared by every feature and may not import feature '{{to}}' ('{{source}}').",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    const inComponents = !path.relative(COMPONENTS, file).startsWith('..');
    if (!own && !inComponents) return {};
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source));
      if (!target) return;
      if (inComponents) {
        context.report({ node: node.source, messageId: 'component', data: { to: target.name, source } });
      } else if (target.name !== own.name && target.inside !== '' && target.inside !== 'index') {
        context.report({
          node: node.source,
          messageId: 'inside',
          data: { from: own.name, to: target.name, source },
        });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, waymarks: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'waymarks/feature-boundaries': 'error',
    },
  },
  {
    files: ['scripts/**', 'bench/**', '**/*.mjs', 'apps/server/src/cli.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
