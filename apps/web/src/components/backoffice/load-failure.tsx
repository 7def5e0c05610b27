import { CircleAlert, RotateCw } from 'lucide-react';
import { Button } from '../ui/button';
import { ListNotice } from './list-notice';

/** A read that failed: its message and 'Tentar novamente', which reads again. */
export function LoadFailure({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => unknown;
}) {
  return (
    <ListNotice icon={<CircleAlert size={28} />} tone="error">
      <p>{message}</p>
      <Button variant="outline" onClick={() => void onRetry()} loading={retrying}>
        <RotateCw size={16} aria-hidden="true" />
        Tentar novamente
      </Button>
    </ListNotice>
  );
}
