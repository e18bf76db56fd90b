/*
 * openrosa-xpath-evaluator loads node-forge (some 70 KB gzipped) only for XForms' digest(), which the
 * product's forms do not support (contract/forms/engine refuses it when a form is published). The
 * page's build takes this instead, so the fill page never downloads it (vite.config.ts alias).
 */
const unsupported = () => {
  throw new Error('digest() is not supported in forms.');
};
export const md = new Proxy({}, { get: () => ({ create: unsupported }) });
export const util = { encode64: unsupported };
export default { md, util };
