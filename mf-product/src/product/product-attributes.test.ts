import { attributeValue } from './product-attributes.tsx';

const attribute = (over: Partial<Parameters<typeof attributeValue>[0]>) =>
  ({
    __typename: 'TechnicalAttribute',
    name: 'weight',
    title: 'Вес пары',
    description: null,
    type: 'NUMBER',
    text: null,
    number: null,
    unit: null,
    ...over,
  }) as Parameters<typeof attributeValue>[0];

describe('attributeValue', () => {
  it('shows the API’s text when there is one', () => {
    expect(attributeValue(attribute({ type: 'TEXT', text: 'синтетическая кожа' }))).toBe('синтетическая кожа');
    expect(attributeValue(attribute({ text: '750 г', number: 750, unit: 'г' }))).toBe('750 г');
  });
  it('writes a number the Russian way, with its unit', () => {
    expect(attributeValue(attribute({ number: 1250.5, unit: 'г' }))).toBe('1\u00a0250,5 г');
    expect(attributeValue(attribute({ number: 21 }))).toBe('21');
  });
  it('shows a dash when there is no value', () => {
    expect(attributeValue(attribute({ type: 'TEXT' }))).toBe('—');
  });
});
