import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from 'antd';

/**
 * Asks before unsaved edits are lost: inside the app (another menu entry, another company, which
 * changes ?company=) with a dialog, and on reload or closing the tab with the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Safari and Chrome show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="有未保存的修改"
      okText="离开，不保存"
      okButtonProps={{ danger: true }}
      cancelText="留在此页"
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      问卷有尚未保存的修改，离开后这些修改将丢失。确定要离开吗？
    </Modal>
  );
}
