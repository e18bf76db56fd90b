// The package ships no types: this is the part the engine uses. An ambient module cannot import a
// relative path, so the type is referenced inline.
declare module 'openrosa-xpath-evaluator' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const openrosaXPath: import('./xpath-host').OpenRosaXPathFactory;
  export = openrosaXPath;
}
