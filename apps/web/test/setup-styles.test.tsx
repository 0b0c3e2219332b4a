import { render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';

// test/setup.ts answers getComputedStyle with the style jsdom keeps until the document changes, and
// removes at the start of each file the antd styles earlier files left in <head>. These tests check that
// neither changes what a query sees: a style is read again after every change, and an antd component
// hidden by its class (not by an inline style) stays hidden.

afterEach(() => {
  for (const style of document.head.querySelectorAll('style[data-test-style]')) style.remove();
});

function styleSheet(css: string) {
  const style = document.createElement('style');
  style.setAttribute('data-test-style', '');
  style.textContent = css;
  document.head.append(style);
  return style;
}

describe('computed styles in the tests', () => {
  it('a role query sees each change of class, inline style, attribute and style sheet at once', () => {
    const sheet = styleSheet('.gone { display: none } .faded { visibility: hidden }');
    render(
      <div data-testid="box" className="gone">
        <section data-testid="inner">
          <button type="button">确定</button>
        </section>
      </div>,
    );
    const box = screen.getByTestId('box');
    const inner = screen.getByTestId('inner');
    expect(screen.queryByRole('button', { name: '确定' })).toBeNull();
    expect(getComputedStyle(box).display).toBe('none');

    box.className = '';
    expect(getComputedStyle(box).display).toBe('block');
    expect(screen.getByRole('button', { name: '确定' })).toBeVisible();

    inner.style.display = 'none';
    expect(screen.queryByRole('button', { name: '确定' })).toBeNull();
    inner.style.display = '';
    expect(screen.getByRole('button', { name: '确定' })).toBeInTheDocument();

    box.className = 'faded';
    expect(getComputedStyle(screen.getByRole('button', { hidden: true })).visibility).toBe('hidden');
    expect(screen.queryByRole('button', { name: '确定' })).toBeNull();

    sheet.textContent = '.faded { color: red }';
    expect(screen.getByRole('button', { name: '确定' })).toBeVisible();

    inner.hidden = true;
    expect(screen.queryByRole('button', { name: '确定' })).toBeNull();
  });

  it('answers the style jsdom keeps, not a copy, until the element changes, and it cannot be written', () => {
    render(<p data-testid="p">文字</p>);
    const p = screen.getByTestId('p');
    const first = getComputedStyle(p);
    expect(getComputedStyle(p)).toBe(first);
    expect(() => first.setProperty('display', 'none')).toThrow();
    p.style.display = 'none';
    expect(getComputedStyle(p)).not.toBe(first);
    expect(getComputedStyle(p).display).toBe('none');
  });

  it('keeps an antd Form.Item hidden by its class hidden, also after its styles were removed and it mounted again', () => {
    const view = () => (
      <Form>
        <Form.Item label="投票方式" name="mode" hidden>
          <Input />
        </Form.Item>
        <Form.Item label="名称" name="name">
          <Input />
        </Form.Item>
      </Form>
    );
    const { unmount } = render(view());
    const hiddenItem = document.querySelector('.ant-form-item-hidden');
    expect(hiddenItem).not.toBeNull();
    expect(hiddenItem!.getAttribute('style') ?? '').not.toMatch(/display/);
    expect(screen.getByRole('textbox', { name: '名称' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: '投票方式' })).toBeNull();
    expect(screen.getByRole('textbox', { name: '投票方式', hidden: true })).not.toBeVisible();

    // As test/setup.ts does at the start of a file: antd writes the styles again when the form mounts.
    unmount();
    for (const style of document.head.querySelectorAll('style[data-css-hash]')) style.remove();
    render(view());
    expect(document.head.querySelector('style[data-css-hash]')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: '名称' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: '投票方式' })).toBeNull();
  });
});
