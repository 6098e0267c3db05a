import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('ties the label, the hint and the message to the field, and marks it invalid', () => {
    const html = renderToStaticMarkup(
      <TextField id="f" label="Адрес" hint="Улица, дом" error="Укажите адрес" defaultValue="" />,
    );
    expect(html).toContain('<label for="f"');
    expect(html).toMatch(/<input id="f"[^>]*aria-invalid="true"[^>]*aria-describedby="f-hint f-error"/);
    expect(html).toContain('<p id="f-hint"');
    expect(html).toContain('<p id="f-error"');
  });

  it('without a message is not invalid, and multiline is a textarea', () => {
    const html = renderToStaticMarkup(<TextField id="n" label="Комментарий" multiline defaultValue="" />);
    expect(html).toContain('<textarea rows="3" id="n"');
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
  });
});
