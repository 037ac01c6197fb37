// Side-effect imports of Monaco's ESM contributions through the 'monaco-esm' Vite alias.
declare module 'monaco-esm/*';
