import { describe, expect, it } from 'vitest';
import { folderRefusal, partitionFolders, type FolderPlaces } from './folder-rules';

const MAC: FolderPlaces = { home: '/Users/ana', dataDir: '/Users/ana/Library/Application Support/Songshelf' };
const LINUX: FolderPlaces = { home: '/home/ana', dataDir: '/home/ana/.config/Songshelf' };
const WINDOWS: FolderPlaces = { home: 'C:\\Users\\ana', dataDir: 'C:\\Users\\ana\\AppData\\Roaming\\Songshelf' };

describe('folderRefusal refuses', () => {
  it.each<[string, FolderPlaces, RegExp]>([
    ['/', LINUX, /whole disk/],
    ['/./', LINUX, /whole disk/],
    ['/tmp/..', LINUX, /whole disk/],
    ['C:\\', WINDOWS, /whole drive/],
    ['D:\\', WINDOWS, /whole drive/],
    ['d:/', WINDOWS, /whole drive/],
    ['/Volumes/Music SSD', MAC, /whole drive/],
    ['/Volumes', MAC, /whole drive/],
    ['/mnt/c', LINUX, /whole drive/],
    ['/media/ana/USB', LINUX, /whole drive/],
    ['/run/media/ana/USB', LINUX, /system folder/],
    ['\\\\server\\share', WINDOWS, /whole network share/],
    ['\\\\server\\share\\', WINDOWS, /whole network share/],
    ['//server/share', MAC, /whole network share/],
    ['\\\\server', WINDOWS, /whole network share/],
    ['\\\\?\\C:\\Music', WINDOWS, /device path/],
    ['\\\\.\\PhysicalDrive0', WINDOWS, /device path/],
    ['\\??\\UNC\\server\\share', WINDOWS, /device path/],
    ['//?/C:/Music', WINDOWS, /device path/],
    ['/Users/ana', MAC, /whole home folder/],
    ['/users/ANA/', MAC, /whole home folder/],
    ['/Users', MAC, /whole home folder/],
    ['/home/ana', LINUX, /whole home folder/],
    ['/home', LINUX, /whole home folder/],
    ['C:\\Users\\ana', WINDOWS, /whole home folder/],
    ['c:/users/ANA', WINDOWS, /whole home folder/],
    ['C:\\Users', WINDOWS, /whole home folder/],
    ['/home/ana/.ssh', LINUX, /settings and keys/],
    ['/home/ana/.local/share', LINUX, /settings and keys/],
    ['/Users/ana/Library', MAC, /settings and keys/],
    ['/Users/ana/Library/Keychains', MAC, /settings and keys/],
    ['C:\\Users\\ana\\AppData\\Local\\Google', WINDOWS, /settings and keys/],
    ['C:\\Users\\ana\\AppData\\Local\\Temp', WINDOWS, /settings and keys/],
    ['/Users/ana/Library/Application Support/Songshelf', MAC, /Songshelf's own data/],
    ['/Users/ana/Library/Application Support/Songshelf/cloud', MAC, /Songshelf's own data/],
    ['/Users/ana/Library/Application Support', MAC, /settings and keys/],
    ['/home/ana/.config/Songshelf/files/audio', LINUX, /Songshelf's own data/],
    ['C:\\Users\\ana\\AppData\\Roaming\\Songshelf', WINDOWS, /Songshelf's own data/],
    ['c:\\users\\ana\\appdata\\roaming\\songshelf\\backups', WINDOWS, /Songshelf's own data/],
    ['/srv/songshelf-data', { home: '/home/ana', dataDir: '/srv/songshelf-data' }, /Songshelf's own data/],
    ['/srv', { home: '/home/ana', dataDir: '/srv/songshelf-data' }, /Songshelf's own data/],
    ['/etc', LINUX, /system folder/],
    ['/etc/ssh', LINUX, /system folder/],
    ['/usr/share/sounds', LINUX, /system folder/],
    ['/var', LINUX, /system folder/],
    ['/var/lib/mysql', LINUX, /system folder/],
    ['/proc/self', LINUX, /system folder/],
    ['/root', LINUX, /system folder/],
    ['/opt/homebrew', MAC, /system folder/],
    ['/System', MAC, /system folder/],
    ['/System/Library', MAC, /system folder/],
    ['/Library/Keychains', MAC, /system folder/],
    ['/Applications', MAC, /system folder/],
    ['/private', MAC, /system folder/],
    ['/private/etc', MAC, /system folder/],
    ['/private/var/db', MAC, /system folder/],
    ['/var/folders', MAC, /system folder/],
    ['/tmp', LINUX, /system folder/],
    ['C:\\Windows', WINDOWS, /system folder/],
    ['C:\\Windows.', WINDOWS, /system folder/],
    ['C:\\WINDOWS\\System32', WINDOWS, /system folder/],
    ['D:\\Windows', WINDOWS, /system folder/],
    ['C:\\Program Files', WINDOWS, /system folder/],
    ['C:\\Program Files (x86)\\Steinberg', WINDOWS, /system folder/],
    ['C:\\ProgramData', WINDOWS, /system folder/],
    ['C:/ProgramData/Microsoft', WINDOWS, /system folder/],
    ['C:\\Music\\..\\Windows', WINDOWS, /system folder/],
    ['Music', LINUX, /not a full path/],
    ['C:Music', WINDOWS, /not a full path/],
    ['', LINUX, /not a full path/],
  ])('%s', (folder, places, reason) => {
    expect(folderRefusal(folder, places)).toMatch(reason);
  });
});

describe('folderRefusal allows', () => {
  it.each<[string, FolderPlaces]>([
    ['/Users/ana/Music', MAC],
    ['/Users/ana/Music/Ableton/Projects', MAC],
    ['/Users/ana/Library/Mobile Documents/com~apple~CloudDocs/Songs', MAC],
    ['/Users/ana/Library/CloudStorage/Dropbox/Songs', MAC],
    ['/Users/Shared/Projects', MAC],
    ['/Users/bob/Music', MAC],
    ['/Volumes/Music SSD/Projects', MAC],
    ['/home/ana/Music', LINUX],
    ['/home/ana/Music/.hidden-but-mine', LINUX],
    ['/mnt/c/Music', LINUX],
    ['/media/ana/USB/Projects', LINUX],
    ['/run/media/ana/USB/Projects', LINUX],
    ['/var/home/ana/Music', LINUX],
    ['/tmp/songshelf-e2e-folder-abc', LINUX],
    ['/var/folders/xy/abc/T/songshelf-music-1', MAC],
    ['/private/var/folders/xy/abc/T/songshelf-music-1', MAC],
    ['/private/tmp/songs', MAC],
    ['/srv/music', LINUX],
    ['C:\\Users\\ana\\Music', WINDOWS],
    ['C:\\Users\\ana\\OneDrive\\Songs', WINDOWS],
    ['C:\\Users\\ana\\AppData\\Local\\Temp\\songshelf-e2e-folder-abc', WINDOWS],
    ['D:\\Projects', WINDOWS],
    ['D:\\Music\\Windows', WINDOWS],
    ['\\\\nas\\music\\Projects', WINDOWS],
    ['//nas/music/Projects', MAC],
    ['/Users/ana/Music/Songshelf', MAC],
  ])('%s', (folder, places) => {
    expect(folderRefusal(folder, places)).toBeNull();
  });
});

describe('partitionFolders', () => {
  it('keeps the folders that may be watched and gives each refused one its reason', () => {
    expect(partitionFolders(['/home/ana/Music', '/', '/etc', '/srv/music'], LINUX)).toEqual({
      kept: ['/home/ana/Music', '/srv/music'],
      refused: [
        { folder: '/', reason: expect.stringMatching(/whole disk/) },
        { folder: '/etc', reason: expect.stringMatching(/system folder/) },
      ],
    });
  });
});
