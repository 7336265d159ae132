import { render } from '@testing-library/react';
import { SanitizedHtml, sanitizeHtml } from './sanitized-html';

describe('SanitizedHtml', () => {
  it('keeps ordinary markup', () => {
    const { container } = render(
      <SanitizedHtml html="<h2>Forged</h2><p>Hand <strong>hammered</strong> <a href='/products'>steel</a></p><ul><li>one</li></ul>" />,
    );
    expect(container.querySelector('h2')).toHaveTextContent('Forged');
    expect(container.querySelector('strong')).toHaveTextContent('hammered');
    expect(container.querySelector('a')).toHaveAttribute('href', '/products');
    expect(container.querySelector('li')).toHaveTextContent('one');
  });

  it('removes script tags, event handler attributes and javascript: URLs', () => {
    const { container } = render(
      <SanitizedHtml
        html={`<p>ok</p><script>window.pwned = 1</script><img src="x.png" onerror="window.pwned = 1" alt="x"><a href="javascript:alert(1)">click</a>`}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(container.querySelector('a')).not.toHaveAttribute('href');
    expect(container.innerHTML).not.toMatch(/javascript:|onerror|pwned/);
    expect(container).toHaveTextContent('ok');
  });

  it('removes style, iframe and form elements and inline styles', () => {
    const out = sanitizeHtml(
      '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><form action="/x"><input></form><p style="position:fixed">t</p>',
    );
    expect(out).not.toMatch(/<style|<iframe|<form|style=/);
    expect(out).toContain('<p>t</p>');
  });

  it('adds rel="noopener noreferrer" to links opening a new tab', () => {
    const { container } = render(
      <SanitizedHtml as="section" html='<a href="https://example.com" target="_blank">out</a>' />,
    );
    const link = container.querySelector('section a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('marks an image without a text alternative as decorative, and keeps a given alt', () => {
    const { container } = render(
      <SanitizedHtml html='<img src="x" onerror="window.__xss=1"><img src="y.jpg" alt="Whetstone">' />,
    );
    const [bare, described] = container.querySelectorAll('img');
    expect(bare).toHaveAttribute('alt', '');
    expect(bare).not.toHaveAttribute('onerror');
    expect(described).toHaveAttribute('alt', 'Whetstone');
  });

  it('renders nothing for a null description', () => {
    const { container } = render(<SanitizedHtml html={null} className="x" />);
    expect(container.querySelector('div.x')).toBeEmptyDOMElement();
  });
});
