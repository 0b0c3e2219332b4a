import { A4, fitLine, mm, newA4, pdfBuffer } from '../../lib/pdf/document';
import { drawQr } from '../../lib/pdf/qr';

/** One A4 poster for a link-mode vote type: the unit, the vote type, a large QR and the address. */
export async function posterPdf(input: { company: string; voteType: string; url: string }): Promise<Buffer> {
  const doc = await newA4({ title: `${input.company} ${input.voteType} 投票二维码`, subject: '投票二维码' });
  doc.addPage();
  const width = A4.width - 2 * mm(20);
  const x = mm(20);
  fitLine(doc, input.company, x, mm(32), width, { size: 26, minSize: 14, align: 'center' });
  fitLine(doc, input.voteType, x, mm(48), width, {
    size: 20,
    minSize: 12,
    align: 'center',
    color: '#374151',
  });
  const qr = mm(130);
  drawQr(doc, input.url, (A4.width - qr) / 2, mm(66), qr);
  fitLine(doc, '请用手机扫描二维码参加投票', x, mm(204), width, { size: 20, minSize: 14, align: 'center' });
  fitLine(doc, '每部手机只能提交一次，提交后不能修改', x, mm(218), width, {
    size: 13,
    align: 'center',
    color: '#374151',
  });
  fitLine(doc, input.url, x, mm(236), width, {
    size: 10,
    minSize: 6,
    font: 'Helvetica',
    align: 'center',
    color: '#6b7280',
  });
  return pdfBuffer(doc);
}
