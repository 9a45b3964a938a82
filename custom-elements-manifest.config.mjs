/**
 * `npm run build` → dist/custom-elements.json, from the components' JSDoc
 * (@summary, @event, @slot, @csspart, @cssproperty), for IDEs, Storybook and
 * framework wrappers. Referenced from package.json `customElements`.
 */

/**
 * The elements register through `defineElement(tag, Class)` (which tolerates a
 * second copy on the page) rather than `customElements.define`, which is the
 * only call the analyzer knows: teach it the wrapper.
 */
function defineElementCalls() {
  return {
    name: 'booking-widget:define-element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'defineElement') return;
      const [tag, klass] = node.arguments;
      if (!tag || !klass || !ts.isStringLiteral(tag) || !ts.isIdentifier(klass)) return;
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []),
        { kind: 'custom-element-definition', name: tag.text, declaration: { name: klass.text, module: moduleDoc.path } },
      ];
    },
  };
}

/** Modules are analysed as TypeScript sources; users import the compiled files of dist/lib. */
function publishedPaths() {
  const published = (path) => path.replace(/^src\//, 'dist/lib/').replace(/\.ts$/, '.js');
  return {
    name: 'booking-widget:published-paths',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        mod.path = published(mod.path);
        for (const item of [...(mod.exports ?? []), ...(mod.declarations ?? [])]) {
          if (item.declaration?.module) item.declaration.module = published(item.declaration.module);
          if (item.superclass?.module) item.superclass.module = published(item.superclass.module);
        }
      }
    },
  };
}

export default {
  globs: ['src/components/**/*.ts', 'src/embed/**/*.ts'],
  exclude: ['**/*.styles.ts', '**/*.test.ts'],
  outdir: 'dist',
  litelement: true,
  plugins: [defineElementCalls(), publishedPaths()],
};
