import { Editor } from '@tiptap/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sanitizeStaffHtml } from '../../../common/sanitize-staff-html';
import {
  inert,
  isAllowedLinkAddress,
  RICH_TEXT_EXTENSIONS,
  RichTextEditor,
} from './rich-text-editor';

/** The same markup as the browser serializes it (`<hr />` and `<hr>` are one element). */
function normalized(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

function htmlOf(content: string): string {
  const editor = new Editor({ extensions: RICH_TEXT_EXTENSIONS, content });
  const html = editor.getHTML();
  editor.destroy();
  return html;
}

describe('RichTextEditor', () => {
  it('makes stored HTML inert before the editor parses it into the page', () => {
    const stored =
      '<p>Oak <img src="x" onerror="window.__xss=1"><script>window.__xss=1</script><a href="javascript:alert(1)">x</a></p>';
    const html = inert(stored);
    expect(html).not.toMatch(/onerror|<script|javascript:/);
    expect(html).toContain('<p>Oak <img src="x">');
    // Text that merely reads like an attribute is left alone.
    expect(inert('<p>Sharpen once = a year</p>')).toBe('<p>Sharpen once = a year</p>');
  });

  it('shows a labelled editable area and a toolbar with every formatting button', () => {
    render(
      <RichTextEditor
        id="description"
        label="Description"
        value="<p>Hello</p>"
        onChange={() => {}}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Description' });
    expect(box).toHaveAttribute('id', 'description');
    expect(box).toHaveTextContent('Hello');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of [
      'Bold',
      'Italic',
      'H2 heading',
      'H3 heading',
      'Bullet list',
      '1. List, numbered',
      'Quote',
      'Link',
      'Unlink',
    ]) {
      expect(toolbar.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
    }
    // One tab stop for the whole toolbar.
    expect(toolbar.querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  });

  it('reports HTML when a format is applied, and a value from outside replaces the text', () => {
    const seen: string[] = [];
    function Form() {
      const [value, setValue] = useState('<p>Hello</p>');
      return (
        <>
          <RichTextEditor
            id="d"
            label="Description"
            value={value}
            onChange={(html) => {
              seen.push(html);
              setValue(html);
            }}
          />
          <button type="button" onClick={() => setValue('<p>Reset</p>')}>
            Reset
          </button>
        </>
      );
    }
    render(<Form />);
    const box = screen.getByRole('textbox', { name: 'Description' });
    fireEvent.keyDown(box, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'a', metaKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'H2 heading' }));
    expect(seen.at(-1)).toBe('<h2>Hello</h2>');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(box).toHaveTextContent('Reset');
  });

  it('asks for a link address in a labelled field and refuses a javascript: address', () => {
    const onChange = vi.fn();
    render(<RichTextEditor id="d" label="Description" value="<p>Hello</p>" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const field = screen.getByLabelText('Link address');
    fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(screen.getByText(/Use an address starting with/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks the area invalid and points at the hint and error', () => {
    render(
      <RichTextEditor
        id="d"
        label="Description"
        value=""
        onChange={() => {}}
        invalid
        describedBy="d-error"
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Description' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-describedby', 'd-error');
  });
});

describe('what the editor produces', () => {
  it('survives the server sanitizer unchanged (the editor only makes what the shop shows)', () => {
    const html = htmlOf(
      [
        '<h2>Title</h2><h3>Sub</h3>',
        '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code> ',
        '<a href="https://example.com/x">web</a> <a href="/products/knife/">site</a> ',
        '<a href="mailto:a@b.c">mail</a></p>',
        '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>',
        '<blockquote><p>quote</p></blockquote><hr><pre><code>code</code></pre>',
      ].join(''),
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('href="https://example.com/x"');
    expect(normalized(sanitizeStaffHtml(html))).toBe(normalized(html));
  });

  it('drops what the policy forbids: scripts, handlers, h1, javascript: links', () => {
    const html = htmlOf(
      '<h1>Big</h1><p onclick="x()">t<script>alert(1)</script>' +
        '<a href="javascript:alert(1)">bad</a><img src=x onerror="alert(1)"></p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript|<h1/i);
    expect(normalized(sanitizeStaffHtml(html))).toBe(normalized(html));
  });

  it('accepts only link addresses the policy keeps', () => {
    expect(isAllowedLinkAddress('https://example.com')).toBe(true);
    expect(isAllowedLinkAddress('/about/')).toBe(true);
    expect(isAllowedLinkAddress('tel:+420123')).toBe(true);
    expect(isAllowedLinkAddress('//evil.example')).toBe(false);
    expect(isAllowedLinkAddress('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkAddress('data:text/html,x')).toBe(false);
  });
});
