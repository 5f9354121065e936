/**
 * The one PrimeReact Tooltip of the subject list's rows (subject-list.tsx, `RowTooltips`), in a
 * module of its own so that the editor loads the UI library only when a row's hint is first
 * wanted (docs/decisions/203-native-controls.md).
 */
import type { Ref } from 'react';
import { Tooltip } from 'primereact/tooltip';
import { PrimeReactScope } from '../../../components/ui/prime-react-scope';

/** The rows' tooltip: above its button, after 400 ms. */
export default function RowTooltip({ ref }: { ref?: Ref<Tooltip> }) {
  return (
    <PrimeReactScope>
      <Tooltip ref={ref} position="top" showDelay={400} />
    </PrimeReactScope>
  );
}
