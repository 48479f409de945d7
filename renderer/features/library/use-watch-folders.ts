/**
 * Watching folders from the page (issue 20): "Choose folder…" opens the OS's dialog where the shell has one
 * (Electron: several folders at once) and the host's folder browser where it has not (a browser cannot learn a
 * path); typed and dropped paths come here too. Each folder is watched through `watchDirectory`, with the folder
 * rules and the plan's limit (spec section 5: the limit's alert, then the pricing page, nothing added).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useWatchDirectoryMutation } from '../../api/songshelf-api';
import { callCore } from '../../api/calls';
import { showToast } from '../ui/toasts';

export function useWatchFolders() {
  const [watchDirectory, state] = useWatchDirectoryMutation();
  const [browsing, setBrowsing] = useState(false);
  const navigate = useNavigate();

  /**
   * Watches each folder in turn and opens the last one's view; stops at the plan's limit. A refusal is a toast,
   * unless `inline` (the typed path's form shows it under the field). True if one was added.
   */
  const watch = async (paths: readonly string[], { inline = false }: { inline?: boolean } = {}): Promise<boolean> => {
    let lastView: string | null = null;
    for (const path of paths) {
      const result = await watchDirectory({ path });
      if ('data' in result && result.data) {
        lastView = result.data.view.id;
        continue;
      }
      const error = 'error' in result ? result.error : undefined;
      if (error && 'code' in error && error.code === 'limit_reached') {
        window.alert(error.message);
        state.reset();
        void navigate('/pricing');
        return false;
      }
      if (!inline) showToast({ kind: 'error', message: error && 'message' in error && typeof error.message === 'string' ? error.message : `${path} could not be watched.` });
    }
    if (lastView) void navigate(`/${lastView}`);
    return lastView !== null;
  };

  const choose = async (): Promise<void> => {
    const answer = await callCore('library:choose-folders');
    if (!answer.ok) return;
    if (answer.data.native) await watch(answer.data.paths);
    else setBrowsing(true);
  };

  return { watch, choose, browsing, closeBrowser: () => setBrowsing(false), isWatching: state.isLoading, error: state.error, reset: state.reset };
}
