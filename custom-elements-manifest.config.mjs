/**
 * `npm run build` → dist/custom-elements.json, from the components' JSDoc
 * (@summary, @event, @slot, @csspart, @cssproperty), for IDEs, Storybook and
 * framework wrappers. Referenced from package.json `customElements`.
 *
 * The manifest is the package's public API and nothing else: the three public
 * elements (`booking-*`), their public members, and events typed with their
 * detail. The inner `bw-*` elements, the helper modules around them and every
 * `_private` member are analysed but left out (see `publicApiOnly`). The
 * framework typings in dist/types/ are generated from this manifest
 * (scripts/framework-types.ts), so what is here is what users' templates check.
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

/**
 * Public events are classes (`class BookedEvent extends CustomEvent<BookedEventDetail>`
 * whose constructor calls `super('bw-booked', …)`). Their name and detail type are
 * written there once; the elements' JSDoc names the event and says when it fires,
 * and this fills in its type, `CustomEvent<BookedEventDetail>`, so the two cannot drift.
 */
function typedEvents() {
  /** event name → { eventClass, detail } */
  const classes = new Map();
  return {
    name: 'booking-widget:typed-events',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const base = node.heritageClauses?.flatMap((clause) => clause.types).find((type) => type.expression.getText() === 'CustomEvent');
      const detail = base?.typeArguments?.[0]?.getText();
      const constructor = node.members.find((member) => ts.isConstructorDeclaration(member));
      if (!detail || !constructor?.body) return;
      for (const statement of constructor.body.statements) {
        const call = ts.isExpressionStatement(statement) ? statement.expression : undefined;
        if (!call || !ts.isCallExpression(call) || call.expression.kind !== ts.SyntaxKind.SuperKeyword) continue;
        const [name] = call.arguments;
        if (name && ts.isStringLiteral(name)) classes.set(name.text, { eventClass: node.name.text, detail });
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const element of publicElements(customElementsManifest)) {
        // The analyzer also reports each `dispatchEvent(new XEvent(…))` it finds, with a type but no
        // name: the JSDoc entry of the same event says everything that one does.
        element.events = (element.events ?? []).filter((event) => event.name);
        for (const event of element.events) {
          const known = classes.get(event.name);
          if (!known)
            throw new Error(`<${element.tagName}> documents @event ${event.name}, but no class in src/components/events fires it`);
          event.type = { text: `CustomEvent<${known.detail}>`, references: [{ name: known.detail, package: 'booking-widget' }] };
          if (!event.description) throw new Error(`<${element.tagName}>: @event ${event.name} has no description`);
          if (!event.description.includes(known.eventClass)) event.description += ` (\`${known.eventClass}\`)`;
        }
      }
    },
  };
}

const isPublicTag = (tag) => /^booking-/.test(tag ?? '');
const publicElements = (manifest) =>
  manifest.modules.flatMap((mod) =>
    (mod.declarations ?? []).filter((declaration) => declaration.customElement && isPublicTag(declaration.tagName)),
  );

/** Lit's own statics: configuration of the class, not API of the element. */
const LIT_STATICS = new Set(['styles', 'shadowRootOptions', 'properties', 'elementStyles', 'formAssociated']);

/**
 * Keeps the modules that define a public element, and in them the public members
 * only. Dropped: the inner `bw-*` elements (their properties are set by the host,
 * so their "attributes" are camelCase property names no user should write), the
 * helper modules (catalog, flow, `defineElement`'s own `customElements.define(name, …)`),
 * what a module holds but does not export, `_private` and protected members, and Lit's statics.
 */
function publicApiOnly() {
  return {
    name: 'booking-widget:public-api-only',
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules = customElementsManifest.modules.filter((mod) =>
        (mod.declarations ?? []).some((declaration) => declaration.customElement && isPublicTag(declaration.tagName)),
      );
      for (const mod of customElementsManifest.modules) {
        mod.exports = (mod.exports ?? []).filter((entry) => entry.kind !== 'custom-element-definition' || isPublicTag(entry.name));
        const exported = new Set(mod.exports.map((entry) => entry.declaration?.name));
        mod.declarations = mod.declarations.filter(
          (declaration) => exported.has(declaration.name) && (!declaration.customElement || isPublicTag(declaration.tagName)),
        );
        for (const declaration of mod.declarations) {
          if (!declaration.members) continue;
          declaration.members = declaration.members.filter(
            (member) =>
              !member.name.startsWith('_') &&
              member.privacy !== 'private' &&
              member.privacy !== 'protected' &&
              !(member.static && LIT_STATICS.has(member.name)),
          );
        }
      }
    },
  };
}

/**
 * `<booking-button>` and `<booking-dialog>` hold a `<booking-widget>`, whose events are composed: the page hears each
 * of them from the button or the dialog too. Their entries take the widget's events (after `typedEvents` has typed
 * them), so the three lists cannot drift. The button also passes every attribute of the widget on
 * (`applySettings`, from the widget's `observedAttributes`), but declares as properties only the few it reads
 * itself: the others are copied from the widget, so that the manifest and the framework typings made from it
 * (scripts/framework-types.ts) accept them on the button too. They have no `fieldName`: the button has no such
 * property, and a template's value goes to the attribute as it is.
 */
function fromTheWidget() {
  return {
    name: 'booking-widget:from-the-widget',
    packageLinkPhase({ customElementsManifest }) {
      const elements = publicElements(customElementsManifest);
      const find = (tag) => {
        const element = elements.find((candidate) => candidate.tagName === tag);
        if (!element) throw new Error(`from the widget: <${tag}> is missing from the manifest`);
        return element;
      };
      const [widget, button, dialog] = ['booking-widget', 'booking-button', 'booking-dialog'].map(find);
      for (const holder of [button, dialog]) {
        if (holder.events?.length) throw new Error(`<${holder.tagName}>: its events are the widget's, written in booking-widget.ts only`);
        holder.events = widget.events.map((event) => ({ ...event, description: `From the widget inside: ${event.description}` }));
      }
      const own = new Set((button.attributes ?? []).map((attribute) => attribute.name));
      const passed = (widget.attributes ?? [])
        .filter((attribute) => !own.has(attribute.name))
        .map(({ name, type, description }) => ({ name, type, description: `${description} Passed on to the widget in the dialog.` }));
      button.attributes = [...(button.attributes ?? []), ...passed];
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
  plugins: [defineElementCalls(), typedEvents(), publicApiOnly(), fromTheWidget(), publishedPaths()],
};
