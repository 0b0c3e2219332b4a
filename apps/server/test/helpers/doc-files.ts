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
