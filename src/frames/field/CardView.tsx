/** The card element types' view in a field frame: CardFields in the layout the type names. */
import type { JSX } from 'preact';
import { CardFields, type CardFieldsLayout } from '../../components/CardFields/index.ts';
import type { FieldState } from '../../protocol/messages.ts';
import type { FieldType } from '../../vocab/elements.ts';
import type { ElementViewProps } from './FieldFrame.tsx';
import { toFieldState } from './link.ts';

const LAYOUTS: Record<FieldType, CardFieldsLayout> = { card: 'combined', cardNumber: 'number', cardExpiry: 'expiry', cardCvc: 'cvc' };

/** The state a card field announces when it opens. */
export const cardInitial = (type: FieldType): FieldState => toFieldState(type, { empty: true, complete: false, brand: 'unknown', error: null });

export function CardView({ params, options, disabled, link, handleRef }: ElementViewProps): JSX.Element {
  const type = params.type as FieldType;
  return (
    <CardFields
      layout={LAYOUTS[type]}
      showPostalCode={type === 'card' && !options.hidePostalCode}
      locale={params.locale}
      disabled={disabled}
      placeholder={options.placeholder}
      onChange={(s) => link.change(toFieldState(type, s))}
      onFocus={() => link.event('focus')}
      onBlur={() => link.event('blur')}
      onEscape={() => link.event('escape')}
      handleRef={handleRef}
    />
  );
}
