// Style sheets are bundled by webpack; TypeScript only needs to know they exist.
declare module '*.css';
