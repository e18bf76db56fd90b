import { basename } from 'node:path';

/**
 * File names are kebab-case (house rule 1): lowercase words joined by dashes, then any number of
 * dotted suffixes (`get-grants.test.ts`, `grants.routes.ts`). A local rule keeps the check free of a
 * plugin dependency; route files and generated files are left out by the config, not here.
 */
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export const kebabCaseFiles = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case.' },
    schema: [],
    messages: { notKebab: "File name '{{name}}' is not kebab-case (lowercase words joined by '-')." },
  },
  create(context) {
    const name = basename(context.filename);
    return {
      Program(node) {
        if (!kebab.test(name)) context.report({ node, messageId: 'notKebab', data: { name } });
      },
    };
  },
};
