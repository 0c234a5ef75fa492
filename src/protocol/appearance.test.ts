import { describe, expect, it } from 'vitest';
import { appearanceProblem } from './appearance.ts';

describe('appearanceProblem', () => {
  it('accepts themes, variables and rules made of colours, lengths, fonts and keywords', () => {
    for (const ok of [
      {},
      { theme: 'night' },
      { theme: 'flat', variables: { colorText: '#1A1F36', colorBackground: 'rgb(255 255 255 / 0.9)', colorDanger: 'hsl(0, 70%, 40%)' } },
      { variables: { colorPrimary: 'rebeccapurple', fontFamily: `Inter, "Segoe UI", 'Helvetica Neue', sans-serif`, fontSize: '15px' } },
      { variables: { borderRadius: '0', spacingUnit: '0.3rem', colorSurface: 'transparent' } },
      {
        rules: {
          '.Input': { border: '1px solid #ccc', boxShadow: '0 1px 2px rgba(0,0,0,.08), inset 0 0 0 1px #eee', padding: '8px 10px' },
          '.Input:focus': { borderColor: '#0a6', outlineColor: '#0a6' },
          '.Input--invalid': { color: '#b00', backgroundColor: '#fff5f5' },
          '.Label': { fontWeight: '600', textTransform: 'uppercase', letterSpacing: '0.05em', lineHeight: '1.4' },
          '.Error': { fontSize: '13px', fontStyle: 'italic' },
        },
      },
    ]) {
      expect(appearanceProblem(ok), JSON.stringify(ok)).toBeNull();
    }
  });

  it.each([
    [{ variables: { colorText: 'red; background: red' } }, 'appearance.variables.colorText'],
    [{ variables: { colorBackground: 'url(https://evil.test/x.png)' } }, 'appearance.variables.colorBackground'],
    [{ variables: { fontFamily: 'x}@import url(//evil.test)' } }, 'appearance.variables.fontFamily'],
    [{ variables: { fontSize: 'expression(alert(1))' } }, 'appearance.variables.fontSize'],
    [{ variables: { fontSize: 'calc(1px)' } }, 'appearance.variables.fontSize'],
    [{ variables: { borderRadius: '4px\\' } }, 'appearance.variables.borderRadius'],
    [{ variables: { colorText: '<b>' } }, 'appearance.variables.colorText'],
    [{ variables: { colorText: 'var(--x)' } }, 'appearance.variables.colorText'],
    [{ variables: { colorText: '#111 !important' } }, 'appearance.variables.colorText'],
    [{ variables: { colorText: '16px' } }, 'appearance.variables.colorText'],
    [{ variables: { fontSize: 'red' } }, 'appearance.variables.fontSize'],
    [{ variables: { colorText: 42 } }, 'appearance.variables.colorText'],
    [{ variables: { colorText: 'x'.repeat(201) } }, 'appearance.variables.colorText'],
    [{ variables: { colourText: '#111' } }, 'appearance.variables.colourText'],
    [{ variables: ['#111'] }, 'appearance.variables'],
    [{ rules: { '.Input': { backgroundImage: 'url(x)' } } }, 'appearance.rules[".Input"].backgroundImage'],
    [{ rules: { '.Input': { position: 'fixed' } } }, 'appearance.rules[".Input"].position'],
    [{ rules: { '.Input:focus': { outline: '0' } } }, 'appearance.rules[".Input:focus"].outline'],
    [{ rules: { '.Label': { backgroundColor: '#000' } } }, 'appearance.rules[".Label"].backgroundColor'],
    [{ rules: { '.Input': { boxShadow: '0 0 0 1px image-set(x)' } } }, 'appearance.rules[".Input"].boxShadow'],
    [{ rules: { '.Input': { border: '1px solid red;x' } } }, 'appearance.rules[".Input"].border'],
    [{ rules: { '.Input': 'color: red' } }, 'appearance.rules[".Input"]'],
    [{ rules: { body: { color: '#000' } } }, 'appearance.rules["body"]'],
    [{ rules: [] }, 'appearance.rules'],
    [{ theme: 'dark' }, 'appearance.theme'],
    [{ style: {} }, 'appearance.style'],
    [null, 'appearance'],
    ['night', 'appearance'],
  ])('refuses %j at %s', (appearance, path) => {
    expect(appearanceProblem(appearance)).toBe(path);
  });

  it('does not read inherited keys', () => {
    expect(appearanceProblem({ variables: Object.create({ colorText: '#111' }) as object })).toBe('appearance.variables');
    expect(appearanceProblem(JSON.parse('{"variables":{"__proto__":{"x":1}}}'))).toBe('appearance.variables.__proto__');
  });
});
