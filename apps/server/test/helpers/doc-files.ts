import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { PDFParse } from 'pdf-parse';

/** The text of a PDF, as a reader's copy and paste would give it. */
export async function pdfText(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text, total } = await parser.getText();
    return { text, pages: total };
  } finally {
    await parser.destroy();
  }
}

/** The text of a .docx body (word/document.xml with the tags taken out), and the raw XML. */
export async function docxText(docx: Buffer) {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  const text = xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  const media = Object.keys(zip.files).filter((n) => n.startsWith('word/media/'));
  return { xml, text, media };
}

/**
 * The text of each page of a PDF through poppler's pdftotext (pages end with a form feed): laid out as
 * printed, or `raw` in drawing order, where a cell's wrapped lines follow one another.
 */
export function pdfPages(pdf: Buffer, mode: '-layout' | '-raw' = '-layout'): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'kp-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [mode, file, '-'], { encoding: 'utf8' });
    return text.split('\f').slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
