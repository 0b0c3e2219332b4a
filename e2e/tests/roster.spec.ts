import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { createCompany, expect, test, uniq } from './fixtures';

// antd spaces two-character labels ('保 存') and may keep a hidden loading icon in the name.
const button = (name: string) => new RegExp(name.split('').join('\\s*'));

/** Drags a row by its handle onto another row with real mouse moves (dnd-kit needs several). */
async function dragRow(page: Page, handle: Locator, onto: Locator) {
  // A dialog still fading out (the last 添加 … 保存) would take the mouse press instead of the handle.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const from = (await handle.boundingBox())!;
  const to = (await onto.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 15 });
  await page.mouse.up();
}

const bodyRows = (page: Page) => page.getByRole('tabpanel').locator('tbody tr[data-row-key]');

/** A real, solid-colour PNG of the given size, so the browser can decode and measure it. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc8)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('vote types: two weighted types, the weight warning, copy link and QR code download', async ({
  adminPage: page,
  admin,
}) => {
  const company = await createCompany(admin);
  await page.goto(`/admin/vote-types?company=${company.id}`);
  await expect(page.getByText('暂无民主测评类投票类型')).toBeVisible();

  for (const [name, weight] of [
    ['班子成员', '60'],
    ['中层干部', '40'],
  ] as const) {
    await page.getByRole('button', { name: '新增投票类型' }).click();
    const dialog = page.getByRole('dialog', { name: '新增投票类型' });
    await dialog.getByLabel('名称').fill(name);
    await dialog.getByLabel('权重').fill(weight);
    await dialog.getByRole('button', { name: button('保存') }).click();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    if (name === '班子成员') {
      await expect(page.getByText('民主测评类投票类型的权重合计为 60%，应为 100%。')).toBeVisible();
    }
  }
  await expect(page.getByText(/权重合计为/)).toHaveCount(0);
  await expect(page.getByText('权重合计 100%')).toBeVisible();

  await page.getByRole('button', { name: '复制链接：班子成员' }).click();
  await expect(page.getByText('链接已复制')).toBeVisible();

  await page.getByRole('button', { name: '二维码：班子成员' }).click();
  const qr = page.getByRole('dialog', { name: '班子成员 投票二维码' });
  await expect(qr.getByText(/\/vote\/type\//)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    qr.getByRole('button', { name: '下载二维码' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${company.name}-班子成员.png`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(1000);

  await page.reload();
  await expect(page.getByRole('cell', { name: '中层干部', exact: true })).toBeVisible();
});

test('appraisal targets: add three, drag the last to the top, toggle, delete with the phrase', async ({
  adminPage: page,
  admin,
}) => {
  const company = await createCompany(admin);
  await page.goto(`/admin/vote-targets?company=${company.id}`);
  await expect(page.getByRole('tab', { name: '民主测评票' })).toHaveAttribute('aria-selected', 'true');

  const add = async (name: string, type: '领导班子' | '个人', title: string) => {
    await page.getByRole('button', { name: '添加测评对象' }).click();
    const dialog = page.getByRole('dialog', { name: '添加测评对象' });
    await dialog.getByText(type, { exact: true }).click();
    await dialog.getByLabel(type === '领导班子' ? '班子名称' : '姓名').fill(name);
    await dialog.getByLabel(type === '领导班子' ? '标题' : '职务').fill(title);
    await dialog.getByRole('button', { name: button('保存') }).click();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  };
  await add('公司领导班子', '领导班子', '领导班子');
  await add('张三', '个人', '党委书记、董事长');
  await add('李四', '个人', '总经理');
  await expect(bodyRows(page)).toHaveCount(3);

  await dragRow(page, page.getByRole('button', { name: '拖动排序：李四' }), bodyRows(page).first());
  await expect(page.getByText('排序已更新')).toBeVisible();
  await page.reload();
  await expect(bodyRows(page).first()).toContainText('李四');
  await expect(bodyRows(page).nth(1)).toContainText('公司领导班子');
  const stored = (await admin.api('GET', `/vote-targets/?company_id=${company.id}`)) as {
    name: string;
    sort_order: number;
  }[];
  expect(stored.map((t) => [t.name, t.sort_order])).toEqual([
    ['李四', 10],
    ['公司领导班子', 20],
    ['张三', 30],
  ]);

  const zhang = bodyRows(page).filter({ hasText: '张三' });
  await zhang.getByRole('switch').click();
  await expect(zhang.getByText('停用', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(bodyRows(page).filter({ hasText: '张三' }).locator('.ant-tag-red')).toHaveText('停用');

  await bodyRows(page)
    .filter({ hasText: '公司领导班子' })
    .getByRole('button', { name: button('删除') })
    .click();
  const dialog = page.getByRole('dialog', { name: '删除测评对象' });
  await dialog.getByLabel('确认删除短语').fill('删除');
  await dialog.getByRole('button', { name: button('删除') }).click();
  await expect(page.getByText('请输入“确认删除”')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(3);
  await dialog.getByLabel('确认删除短语').fill('确认删除');
  await dialog.getByRole('button', { name: button('删除') }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByRole('cell', { name: '公司领导班子', exact: true })).toHaveCount(0);
});

test('evaluation subjects: add, reorder, toggle', async ({ adminPage: page, admin }) => {
  const company = await createCompany(admin);
  await page.goto(`/admin/vote-targets?company=${company.id}`);
  await page.getByRole('tab', { name: '民主评议票' }).click();
  await expect(page.getByRole('tabpanel').locator('.ant-empty-description')).toHaveText('暂无数据');

  for (const [name, birth] of [
    ['赵六', '1985.03'],
    ['钱七', ''],
    ['孙八', '1990.11'],
  ]) {
    await page.getByRole('button', { name: '添加评议对象' }).click();
    const dialog = page.getByRole('dialog', { name: '添加评议对象' });
    await dialog.getByLabel('姓名').fill(name!);
    await dialog.getByLabel('出生年月').fill(birth!);
    await dialog.getByRole('button', { name: button('保存') }).click();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }
  await expect(bodyRows(page).filter({ hasText: '钱七' }).getByRole('cell', { name: '-' })).toHaveCount(3);

  await dragRow(page, page.getByRole('button', { name: '拖动排序：孙八' }), bodyRows(page).first());
  await expect(page.getByText('排序已更新')).toBeVisible();
  await page.reload();
  await expect(bodyRows(page).first()).toContainText('孙八');
  await expect(bodyRows(page).nth(2)).toContainText('钱七');

  const qian = bodyRows(page).filter({ hasText: '钱七' });
  await qian.getByRole('switch').click();
  await expect(page.getByText('状态已更新')).toBeVisible();
  await expect(qian.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  await qian.getByRole('switch').click();
  await expect(qian.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await qian.getByRole('switch').click();
  await page.reload();
  await expect(bodyRows(page).filter({ hasText: '钱七' }).getByRole('switch')).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

test('covers: upload a front cover and see it, replace it, delete it; a non-image is refused', async ({
  adminPage: page,
  admin,
}) => {
  const company = await createCompany(admin);
  const voteType = (await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    name: `中层干部${uniq()}`,
    form_category: 'democratic_appraisal',
  })) as { id: number };
  await page.goto(`/admin/covers?company=${company.id}&vote_type=${voteType.id}`);
  const front = page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: /^封面$/ }) });
  const input = front.locator('input[type="file"]');
  await expect(front.getByText('尚未上传封面，点击或拖拽文件到此处上传')).toBeVisible();

  await input.setInputFiles({
    name: 'not-a-picture.png',
    mimeType: 'image/png',
    buffer: Buffer.from('MZ fake'),
  });
  await expect(page.getByText('文件格式不支持：只能上传 PNG、JPEG、WebP 图片或 PDF 文件')).toBeVisible();
  await expect(front.getByText('尚未上传封面，点击或拖拽文件到此处上传')).toBeVisible();

  await input.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(40, 30) });
  await expect(page.getByText('封面已上传')).toBeVisible();
  const img = front.getByRole('img', { name: '封面预览' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(40);
  await expect(front.getByText('front.png')).toBeVisible();

  await front
    .locator('input[type="file"]')
    .setInputFiles({ name: 'front-2.png', mimeType: 'image/png', buffer: png(64, 48) });
  await expect(front.getByText('front-2.png')).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(64);
  await page.reload();
  await expect(front.getByText('front-2.png')).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(64);

  await front.getByRole('button', { name: '删除封面' }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: button('删除') })
    .click();
  await expect(page.getByText('封面已删除')).toBeVisible();
  await expect(front.getByText('尚未上传封面，点击或拖拽文件到此处上传')).toBeVisible();
  expect(await admin.api('GET', `/covers/${company.id}/${voteType.id}`)).toBeNull();
});
