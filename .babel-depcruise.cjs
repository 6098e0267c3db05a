// How dependency-cruiser reads TypeScript (its own TypeScript support needs TypeScript < 6, and the
// shop compiles with 7): Babel strips the types and JSX, then dependency-cruiser reads the imports.
// @swc/core is installed only because dependency-cruiser scans .ts/.tsx files when it finds a
// TypeScript-capable parser; the reading itself is Babel's. Absolute preset paths, so a cruise from
// another folder (scripts/import-rules.test.ts) finds them.

/** `import type … from 'x'` and `export type … from 'x'` stay as imports of 'x': the rules hold for types too. */
// (on Program: the TypeScript preset drops them there, before any import is visited)
const keepTypeImports = () => ({
  visitor: {
    Program(program) {
      for (const statement of program.get('body')) {
        const node = statement.node;
        if (node.source && (node.importKind === 'type' || node.exportKind === 'type')) {
          statement.replaceWith({
            type: 'ImportDeclaration',
            specifiers: [],
            source: node.source,
            importKind: 'value',
          });
        }
      }
    },
  },
});

module.exports = {
  plugins: [keepTypeImports],
  presets: [
    [require.resolve('@babel/preset-typescript'), { onlyRemoveTypeImports: true }],
    [require.resolve('@babel/preset-react'), { runtime: 'automatic' }],
  ],
};
