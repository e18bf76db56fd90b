/**
 * Which built files only the signed-in portal loads (ADR 0015). The worker's install precaches the
 * rest (the public pages, the app shell and every script a public page can load, so public pages and
 * their forms work offline), and keeps the portal's files out: a visitor never downloads them. They
 * are cached when a signed-in user opens the portal.
 */

/** One chunk of Vite's build manifest (`build.manifest`), as far as this reads it. */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type ViteManifest = Record<string, ViteManifestChunk>;

/** The portal's route files (the `_portal` layout and everything under it) and their split parts. */
const isPortalRoute = (key: string, chunk: ViteManifestChunk) =>
  (chunk.src ?? key).startsWith('src/routes/_portal');

/**
 * Files (dist-relative, as in the manifest) that no public page can load: not reachable from a
 * build entry through static or dynamic imports without passing through a portal route.
 */
export function portalOnlyFiles(manifest: ViteManifest): Set<string> {
  const reached = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || reached.has(key) || isPortalRoute(key, chunk)) return;
    reached.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

  const filesOf = (chunk: ViteManifestChunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
  const publicFiles = new Set([...reached].flatMap((key) => filesOf(manifest[key]!)));
  return new Set(
    Object.values(manifest)
      .flatMap(filesOf)
      .filter((file) => !publicFiles.has(file)),
  );
}

/** Set by the prerender step (which reads the manifest) for the worker build that follows it. */
let portalFiles = new Set<string>();

export function rememberPortalFiles(files: Set<string>) {
  portalFiles = files;
}

/**
 * workbox-build `manifestTransforms` step: marks the portal's entries, which sw/sw.ts keeps out of
 * its install. The mark is an extra field of the injected JSON; Workbox ignores it.
 */
export function markPortalEntries<T extends { url: string }>(
  entries: T[],
): { manifest: (T & { portal?: true })[] } {
  return {
    manifest: entries.map((entry) =>
      portalFiles.has(entry.url.replace(/^\//, '')) ? { ...entry, portal: true as const } : entry,
    ),
  };
}
