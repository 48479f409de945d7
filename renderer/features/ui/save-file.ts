/** Saves what the page made as a file the browser downloads (an export, a song's markers): no core call needed. */
export function saveFile(fileName: string, mimeType: string, content: string | Uint8Array): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: `${mimeType};charset=utf-8` }) : new Blob([content.slice().buffer as ArrayBuffer], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
