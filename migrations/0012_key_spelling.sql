-- Keys in the app's one spelling (common/music-keys.ts: the key picker's "Eb major", "F# minor"). Older versions
-- stored what each reader spelled: the .als reader sharps ("D# major"), the Pro Tools reader flats from the
-- key signature ("Cb major"), the Logic reader Logic's own tonic ("A♯ minor"). Those rows read "D# major",
-- which the picker did not offer and which sorted apart from "Eb major". The table is keyRespellings() from
-- common/music-keys.ts, written out once; db/key-spelling-migration.test.ts keeps the two equal. Rewrites the
-- song's key and the key kept in its meta (what was read); short or hand-typed forms ("Am") are left as typed.
CREATE TEMP TABLE `key_respelling` (`spelled` text PRIMARY KEY NOT NULL, `canonical` text NOT NULL);
--> statement-breakpoint
INSERT INTO `key_respelling` (`spelled`, `canonical`) VALUES
  ('B# major', 'C major'),
  ('B♯ major', 'C major'),
  ('B# minor', 'C minor'),
  ('B♯ minor', 'C minor'),
  ('C♯ major', 'C# major'),
  ('Db major', 'C# major'),
  ('D♭ major', 'C# major'),
  ('C♯ minor', 'C# minor'),
  ('Db minor', 'C# minor'),
  ('D♭ minor', 'C# minor'),
  ('D# major', 'Eb major'),
  ('D♯ major', 'Eb major'),
  ('E♭ major', 'Eb major'),
  ('D# minor', 'Eb minor'),
  ('D♯ minor', 'Eb minor'),
  ('E♭ minor', 'Eb minor'),
  ('Fb major', 'E major'),
  ('F♭ major', 'E major'),
  ('Fb minor', 'E minor'),
  ('F♭ minor', 'E minor'),
  ('E# major', 'F major'),
  ('E♯ major', 'F major'),
  ('E# minor', 'F minor'),
  ('E♯ minor', 'F minor'),
  ('F♯ major', 'F# major'),
  ('Gb major', 'F# major'),
  ('G♭ major', 'F# major'),
  ('F♯ minor', 'F# minor'),
  ('Gb minor', 'F# minor'),
  ('G♭ minor', 'F# minor'),
  ('G# major', 'Ab major'),
  ('G♯ major', 'Ab major'),
  ('A♭ major', 'Ab major'),
  ('G# minor', 'Ab minor'),
  ('G♯ minor', 'Ab minor'),
  ('A♭ minor', 'Ab minor'),
  ('A# major', 'Bb major'),
  ('A♯ major', 'Bb major'),
  ('B♭ major', 'Bb major'),
  ('A# minor', 'Bb minor'),
  ('A♯ minor', 'Bb minor'),
  ('B♭ minor', 'Bb minor'),
  ('Cb major', 'B major'),
  ('C♭ major', 'B major'),
  ('Cb minor', 'B minor'),
  ('C♭ minor', 'B minor');
--> statement-breakpoint
UPDATE `songs` SET `key` = (SELECT `canonical` FROM `key_respelling` WHERE `spelled` = `songs`.`key`)
WHERE `key` IN (SELECT `spelled` FROM `key_respelling`);
--> statement-breakpoint
UPDATE `songs` SET `meta` = json_set(`meta`, '$.key', (SELECT `canonical` FROM `key_respelling` WHERE `spelled` = json_extract(`songs`.`meta`, '$.key')))
WHERE json_valid(`meta`) AND json_extract(`meta`, '$.key') IN (SELECT `spelled` FROM `key_respelling`);
--> statement-breakpoint
DROP TABLE `key_respelling`;
