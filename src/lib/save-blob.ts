/** Hands bytes to the browser as a download named `name`. */
export function saveBlob(bytes: Blob, name: string): void {
  const url = URL.createObjectURL(bytes);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; an immediate revoke can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
