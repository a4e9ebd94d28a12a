"""English strings (the reference table: every other table has exactly these keys)."""

STRINGS: dict[str, str | dict[str, str]] = {
    # app and navigation
    "app.title": "Dominoes scorekeeper",
    "list_sep": ", ",
    "seat_n": "seat {n}",
    "team_default_a": "Team A",
    "team_default_b": "Team B",
    # home
    "home.resume": "Resume match",
    "home.new_match": "New match",
    "home.tonight": "Tonight",
    "home.no_matches": "No finished matches tonight yet.",
    "home.history": "Past evenings",
    "home.settings": "Settings",
    "home.rules": "House rules",
    "home.in_progress": "Match in progress",
    "home.rematch": "Rematch: {team_a} – {team_b}",
    "match.line": "{team_a} {a}\u00a0–\u2060\u00a0{b} {team_b}",
    "match.won_by": "Won by {team}, {won}\u00a0–\u2060\u00a0{lost}",
    # new match
    "setup.title": "New match",
    "setup.player": "Player {n}",
    "setup.table_hint": "Seats in playing order, counter-clockwise; partners sit opposite.",
    "setup.team_name": "Name of {team}",
    "setup.target": "Play to",
    "setup.target_custom": "Other target",
    "setup.start": "Start match",
    "setup.known": "Known players",
    # scoreboard
    "board.target": "Play to {target}",
    "board.starter_double_six": "Next round: the holder of the double-six starts with it.",
    "board.starter_team": "Next round: {team} to start (the winner or the partner, with a high double).",
    "board.record": "Record round",
    "board.undo": "Undo last round",
    "board.undone": "Round {n} removed.",
    "board.confirm_undo": "Take back round {n}? {line}",
    "board.undo_action": "Take back",
    "board.rounds": "Rounds",
    "board.no_rounds": "No rounds yet.",
    "board.round_n": "Round {n}",
    "board.went_out": "{name} went out",
    "board.lowest": "lowest: {names}",
    "board.tie": "tie between teams: no score",
    "board.redeal": "no score",
    "board.points": "{team} {points:plus}",
    "board.edit_round": "Edit round {n}",
    # ends of a round
    "end.domino": "Domino",
    "end.blocked": "Blocked",
    "end.redeal": "Redeal",
    "end.domino_help": "A player laid their last tile.",
    "end.blocked_help": "Nobody can play and everyone still holds tiles.",
    "end.redeal_help": "Someone was dealt five or more doubles.",
    # recording a round
    "record.title": "Round {n}",
    "record.how": "How did the round end?",
    "record.who": "Who went out?",
    "record.pips": "Pips of {name}",
    "record.preview_points": "{team} {points:plus}",
    "record.preview_lowest": "Lowest: {names}",
    "record.preview_tie": "Tie between the teams for lowest: no score.",
    "record.preview_redeal": "Redeal: no score; the double-six holder starts.",
    "record.fill": "Enter the pips to see the score.",
    "record.save": "Save round",
    "record.save_edit": "Save changes",
    "record.cancel": "Cancel",
    "record.delete": "Delete round",
    "record.confirm_delete": "Delete round {n}? The totals will be recomputed.",
    "record.saved_elsewhere": "Round {n} was just saved on another phone: {score}.",
    "record.changed_elsewhere": "The match was changed on another phone.",
    "record.save_as_title": "Save this round as round {n}?",
    "record.save_as": "Save as round {n}",
    "record.not_yet": "Not yet",
    "record.confirm": "Delete",
    "record.pick_tiles": "Pick tiles",
    "record.type_total": "Type total",
    "picker.title": "Tiles of {name}",
    "picker.help": "Tap the tiles left in this hand; tap again to put one back.",
    "picker.total": "{count:tiles} · {pips:pips}",
    "picker.done": "Done",
    "picker.on_table": "{tile}, on the table: this round opened with it",
    # reviewing past evenings
    "history.title": "Past evenings",
    "history.none": "No evenings saved yet.",
    "history.more": "Show more",
    "history.line": "{matches:matches} · {rounds:rounds}",
    "history.wins": "{team}: {n:wins}",
    "history.stats": "Statistics",
    "history.export_csv": "Export all (CSV)",
    "history.export_json": "Export all (JSON)",
    "history.import": "Import (JSON)",
    "history.importing": "Importing…",
    "history.imported": "Imported: {added:matches}. Already here: {skipped:matches}.",
    "history.exported": "Saved {name}.",
    "evening.title": "Evening of {date}",
    "evening.summary": "{matches:matches} · {rounds:rounds} · {ties:ties} · {redeals:redeals}",
    "evening.delete": "Delete evening",
    "evening.confirm_delete": "Delete the evening of {date} with its {n:matches}? A backup is taken first.",
    "evening.deleted": "Evening of {date} deleted (a backup was kept).",
    "review.title": "Match of {date}",
    "review.chart": "Score by round",
    "review.target_line": "Target {target}",
    "review.export_csv": "Export (CSV)",
    "review.export_json": "Export (JSON)",
    "review.delete": "Delete match",
    "review.confirm_delete": "Delete this match ({line})? A backup is taken first.",
    "review.deleted": "Match deleted (a backup was kept).",
    "review.in_progress": "In progress",
    "stats.title": "Statistics",
    "stats.players": "Players",
    "stats.partnerships": "Partnerships",
    "stats.played": "Finished matches",
    "stats.won": "Matches won",
    "stats.rounds_won": "Rounds won",
    "stats.dominoes": "Dominoes",
    "stats.blocked": "Blocked",
    "stats.average": "Avg. points",
    "stats.biggest_col": "Biggest",
    "stats.summary": "{matches:matches} · {rounds:rounds} · {ties:ties} · {redeals:redeals}",
    "stats.biggest": "Biggest round: {team} {points:plus} ({date}, round {n})",
    "stats.none": "Nothing played yet.",
    "stats.working": "Counting every round of every evening… the first time after a start this takes a few seconds.",
    # winner
    "winner.title": "Winner: {team}!",
    "winner.final": "Final score {a}\u00a0–\u2060\u00a0{b}",
    "winner.rematch": "Rematch",
    "winner.new_match": "New match",
    "winner.done": "Done",
    "sharing.share": "Share",
    "sharing.copy": "Copy",
    "sharing.copied": "Copied: paste it in a message.",
    "sharing.download": "Download",
    "sharing.chart": "Share the chart",
    "sharing.chart_download": "Download the chart",
    "sharing.team_players": "{team}: {names}",
    # settings
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.digits": "Numbers",
    "settings.theme": "Theme",
    "settings.theme_system": "System",
    "settings.theme_light": "Light",
    "settings.theme_dark": "Dark",
    "settings.default_target": "Default target",
    "settings.table": "At the table",
    "settings.keep_awake": "Keep the screen on during a match",
    "settings.haptics": "A short tick on Save",
    "lang.ar": "العربية",
    "lang.en": "English",
    "lang.nl": "Nederlands",
    # rules page
    "rules.title": "House rules",
    "rules.body": (
        "The table\n"
        "• Double-six set: 28 tiles, 168 pips. Four players in two teams; partners sit opposite.\n"
        "• Play goes counter-clockwise. Everyone gets 7 tiles. You must play when you can, "
        "otherwise you pass. Say it when you hold one tile.\n"
        "\n"
        "Domino\n"
        "• A player lays their last tile. Their team scores the two opponents' pips together, "
        "divided by 10, whole number only: 23 + 14 = 37 gives 3. The partner's pips do not count.\n"
        "\n"
        "Blocked game\n"
        "• After a tile nobody can play and everyone still holds tiles. The player with the fewest "
        "pips wins for their team, which scores the other three players' pips divided by 10 "
        "(the partner's pips count here).\n"
        "• If two players of different teams share the fewest pips, nobody wins: 0 points.\n"
        "• If the two partners share the fewest, their team wins.\n"
        "\n"
        "Redeal\n"
        "• A player dealt five or more doubles: shuffle and deal again. No score.\n"
        "\n"
        "Who starts\n"
        "• The first round, and after a blocked game or a redeal: the holder of the double-six, with it.\n"
        "• After a domino: the winner may start with a high double, or ask the partner to.\n"
        "\n"
        "The match\n"
        "• The first team whose total reaches the agreed target (usually 11) wins."
    ),
    # errors from the core
    "error.end_unknown": "Choose how the round ended: domino, blocked or redeal.",
    "error.winner_not_allowed": "Only a domino has a player who went out.",
    "error.winner_missing": "Choose who went out.",
    "error.winner_out_of_range": "Choose who went out.",
    "error.winner_holds_pips": "{seat} went out and holds no tiles, so no pips can be entered for them.",
    "error.pips_missing": "Enter the pips of {seat}.",
    "error.pips_not_whole": "The pips of {seat} must be a whole number from 0 to {limit}.",
    "error.pips_negative": "The pips of {seat} must be a whole number from 0 to {limit}.",
    "error.pips_over_hand": "{seat}: {value} pips is impossible; one hand holds at most {limit}.",
    "error.opponents_over_limit": "The two opponents together hold {total} pips; at most {limit} is possible: they cannot both have kept all seven tiles (one of them had to play).",
    "error.hands_over_limit": "{seats} together hold {total} pips; at most {limit} is possible.",
    "error.blocked_over_limit": "After a blocked game the four hands hold at most {limit} pips, not {total}.",
    "error.pips_not_four": "Enter the pips for the four players.",
    "error.tile_unknown": "{tile} is not a tile of the double-six set.",
    "error.tile_twice": "The tile {tile} is in two hands ({seat} and {other}).",
    "error.hand_too_many_tiles": "{seat} cannot hold {count} tiles; a hand holds at most {limit}.",
    "error.tiles_mismatch": "{seat}: the picked tiles hold {total} pips, not {value}.",
    "error.round_after_end": "The match is over: no round can follow the one that reached the target.",
    "error.players_not_four": "A match needs four players.",
    "error.player_name_empty": "Enter a name for each of the four players.",
    "error.player_name_twice": "{name} is entered twice; four different names are needed.",
    "error.name_too_long": 'A name can have at most {limit} characters: "{name}" is longer.',
    "error.target_invalid": "The target must be a whole number of at least 1.",
    # errors from storage
    "error.disk_full": "The disk is full: the last change was not saved. Everything saved before is intact.",
    "error.permission_denied": "No permission to write the scores ({path}); the last change was not saved.",
    "error.write_failed": "The last change could not be saved; everything saved before is intact.",
    "error.locked_elsewhere": "These scores are already open in another window or app ({folder}). Close it, then start again.",
    "error.read_only": "These scores are open read-only: nothing can be changed.",
    "error.match_not_found": "That match no longer exists.",
    "error.newer_version": "These scores were saved by a newer version of the app; they are shown read-only. Update the app to change them.",
    "error.corrupt": "A damaged file was found ({file}); it was kept aside.",
    "error.setting_invalid": "That setting cannot be used.",
    "error.closed": "The scores are closed; restart the app.",
    "storage.recovered": "{file} was damaged. It was kept as {kept_as} and restored from a backup taken {lost_since}; changes after that could not be recovered.",
    "storage.recovered_nothing_lost": "{file} was damaged. It was kept as {kept_as} and restored from a backup; nothing was lost.",
    "storage.unrecoverable": "{file} was damaged and no backup could restore it. It was kept as {kept_as}.",
    # errors from importing a file
    "error.import_not_json": "This file cannot be read: it is not a scorekeeper export, or it is incomplete. Nothing was imported.",
    "error.import_wrong_format": "This file is not a scorekeeper export. Nothing was imported.",
    "error.import_unsupported_version": "This export was made by another version of the app (format {found}; this app reads {supported}). Nothing was imported.",
    "error.import_bad_match": "Match {number} in the file is damaged or incomplete. Nothing was imported.",
    "error.import_impossible_round": "Match {number} in the file, round {round}: that round cannot have happened. Nothing was imported.",
    "error.import_duplicate_id": "Match {number} appears twice in the file. Nothing was imported.",
    "error.import_name_too_long": 'Match {number} in the file has a name longer than {limit} characters ("{name}"). Nothing was imported.',
    # the back button never drops a form's unsaved input without asking
    "leave.title": "Leave without saving?",
    "leave.body": "What you entered here is not saved yet. Leaving drops it.",
    "leave.action": "Leave",
    "leave.stay": "Keep editing",
    # the shared table (roles, share links, rounds changed elsewhere, not found)
    "error.viewer_read_only": "This phone only watches the table: ask the scorer to record it, or open the score link.",
    "error.round_changed": "Round {n} was changed on another phone: here it is now.",
    "error.round_gone": "Round {n} was deleted on another phone: nothing was changed.",
    "error.round_added": "Another phone saved a round meanwhile: this one was not saved.",
    "error.import_too_large": "This file is too large to import ({size} MB; at most {limit} MB). Nothing was imported.",
    "error.import_busy": "Another import is still running: try again when it has finished. Nothing was imported.",
    "home.share": "Share the table",
    "watch.waiting": "Waiting for the scorer to start a match.",
    "watch.dismiss": "Got it",
    "connection.lost": "The scorer's computer cannot be reached. Trying again…",
    "connection.back": "Connected again.",
    "missing.title": "Not found",
    "missing.text": "This page does not exist.",
    "missing.home": "Home",
    "share.title": "Share the table",
    "share.watch": "Watch: a live board",
    "share.watch_help": "Scan with any phone at the table, or open on a TV: the score live, nothing can be changed from it.",
    "share.watch_qr": "QR code of the watch link",
    "share.score": "Score: record rounds",
    "share.score_help": "Only for the person keeping the score: whoever opens this link can record, change and delete rounds.",
    "share.score_qr": "QR code of the score link",
    "share.revoke": "Revoke the score link",
    "share.confirm_revoke": "Make a new score link? Phones that joined with the old one can only watch from now on.",
    "share.revoked": "A new score link was made; the old one no longer works.",
    "share.local_only": "The app serves only this computer: start it with -\u2060-\u2060host\u00a00.0.0.0 to let phones on this Wi-Fi join.",
    "share.plain_http": "The links travel unencrypted over your Wi-Fi: they keep out people who do not have them, not someone listening on the network.",
    "share.link_revoked": "This score link is no longer valid: you can watch the table. Ask the scorer for the new link.",
    "error.evening_unknown": "There is no such evening.",
    # damaged data folders
    "error.lock_lost": "The lock on this data folder was removed or replaced while the app ran (a cleanup tool or a sync client?). Nothing more is saved until the app is restarted; what you see is kept.",
    # the data folder in Settings
    "settings.data": "Your data",
    "settings.data_folder": "Folder: {folder}",
    "settings.data_size": "Size: {size} kB",
    "settings.last_backup": "Last backup: {when}",
    "settings.no_backup": "No backup yet.",
    "settings.restore": "Restore this backup",
    "settings.restore_title": "Restore the backup of {when}?",
    "settings.restore_body": "Every score and setting goes back to how it was then. What you have now is backed up first, so you can come back to it.",
    "settings.restored": "Restored the backup of {when}.",
    # plural forms (CLDR categories, chosen by Babel), used as {x:matches} etc.
    "count.matches": {"one": "{n} match", "other": "{n} matches"},
    "count.wins": {"one": "{n} win", "other": "{n} wins"},
    "count.rounds": {"one": "{n} round", "other": "{n} rounds"},
    "count.ties": {"one": "{n} tie", "other": "{n} ties"},
    "count.redeals": {"one": "{n} redeal", "other": "{n} redeals"},
    "count.tiles": {"one": "{n} tile", "other": "{n} tiles"},
    "count.pips": {"one": "{n} pip", "other": "{n} pips"},
    "count.plus": {"one": "+{n}", "other": "+{n}"},
    "board.title": "Scoreboard",  # short enough beside the back arrow and an icon at 320 px
    # rounds that could not have happened, the readings chosen, the limits
    "error.pips_over_hand_66": "{seat}: {value} pips is impossible in a round that opened with the double-six; one hand then holds at most {limit}.",
    "error.opponents_over_limit_66": "In a round that opened with the double-six, the two opponents hold at most {limit} pips together, not {total}: they cannot both have kept all seven tiles.",
    "error.after_domino_over_limit": "After a domino the three hands left hold at most {limit} pips together, not {total}: a player who can play must, so they laid tiles too.",
    "error.after_domino_over_limit_66": "In a round that opened with the double-six, the three hands left after a domino hold at most {limit} pips, not {total}: a player who can play must, so they laid tiles too.",
    "error.blocked_over_limit_66": "In a round that opened with the double-six, the four hands of a blocked game hold at most {limit} pips, not {total}.",
    "error.two_hands_zero": "Two hands cannot both hold 0 pips ({seats}): only the 0-0 weighs nothing.",
    "error.two_hands_one": "Two hands cannot both hold 1 pip ({seats}): only the 0-1 weighs 1.",
    "error.hands_impossible": "No deal gives {seats} {pips} pips at the same time: there are not enough tiles of those weights.",
    "error.hands_impossible_picked": "With the tiles picked, no deal gives {seats} the pips entered: the tiles they would need are in other hands.",
    "error.hand_empty": "{seat} is still in the round, so holds at least one tile.",
    "error.double_six_picked": "This round opened with the double-six, so it lies on the table, not in a hand.",
    "error.blocked_every_number_picked": "In a blocked game all seven tiles of one number are on the table, but the picked tiles show every number.",
    "error.blocked_no_suit": "These hands cannot end a blocked game: all seven tiles of the blocking number are on the table, and no number leaves room for these hands.",
    "error.blocked_line_odd": "A blocked game has both ends on the same number, so every number shows an even count on the table; here {numbers} show an odd count: these hands cannot be right.",
    "error.line_odd_numbers": "The tiles on the table form one line with two ends, so at most two numbers show an odd count; here {numbers} do: these hands cannot be right.",
    "error.line_in_pieces": "The tiles on the table (all but those in the hands) do not hang together in one line: these hands cannot be right.",
    "error.kept_too_many": "{seats} cannot still hold {count} tiles together after a domino: a player who can play must, so they kept at most {limit}.",
    "review.impossible": "This round could not have happened: check it.",
    "review.fix": "Check round {n}",
    "rules.readings": (
        "Readings that were chosen\n"
        "• A blocked game has no winner when two or more players of different teams tie for the lowest "
        "count; a tie between higher counts does not matter.\n"
        "• The points of a blocked game go to the lowest player's team: the other three hands divided "
        "by 10, whole number only, as for a domino.\n"
        "• The match ends when a team reaches or passes the target.\n"
        "• The double-six opens the first round of every match, and every round after a blocked game or a redeal.\n"
        "• Correcting an earlier round is never refused because of a later one: the change is kept, and a later "
        "round it made impossible is marked 'could not have happened: check it'."
    ),
    "rules.limits": (
        "What can never be entered\n"
        "• One hand holds 0 to {hand} pips; after a domino the two opponents hold at most {opponents} "
        "together, and the three hands left at most {after_domino}.\n"
        "• Every player still in holds at least one tile, and no tile is in two hands: so two hands cannot "
        "both hold 0 pips (only the 0-0 weighs nothing), nor both 1 pip (only the 0-1 weighs 1).\n"
        "• Blocked game: all seven tiles of the blocking number are on the table, so the four hands hold "
        "at most {blocked} pips.\n"
        "• In a round that opened with the double-six: one hand at most {hand66}, the two opponents after a "
        "domino at most {opponents66}, the three hands left after a domino at most {after_domino66}, a "
        "blocked game at most {blocked66}."
    ),
    "rules.line": (
        "The line of play\n• The tiles on the table form one line. With every hand picked tile by tile, "
        "the rest must hang together, with at most two numbers showing an odd count, and none in a "
        "blocked game. Example: a first round, blocked, hands 3-3 / 4-0 / 4-3 / 0-0 can never happen: on "
        "the table 0 and 3 each show five times.\n• A blocked game leaves all seven tiles of one number n "
        "on the table, so the hands hold at most {blocked} − 6 × n pips ({blocked66} − 6 × n when the "
        "double-six opened the round and n is not 6). Example: after a domino, blocked 69, 2, 48, 2 can "
        "never happen.\n• A player who can play must. After a domino the two opponents cannot both have "
        "kept seven tiles, and the three players left laid {laid} tiles at least. Example: seat 1 goes "
        "out and the opponents are typed 59 and 59: refused."
    ),
    # counting pips from a photo
    "photo.count": "Count from a photo",
    "photo.reading": "Reading the photo…",
    "photo.busy": "A photo is still being read: wait for it to finish.",
    "photo.title": "Pips of {name} from the photo",
    "photo.total": "{pips} pips",
    "photo.help": "Tap a missed pip to add it, a wrong mark to remove it. Use puts the total in the form.",
    "photo.check": "Check the tiles marked with ?: the reader is not sure of them.",
    "photo.use": "Use",
    "photo.cancel": "Cancel",
    "photo.reason.unreadable": "This file is not a photo that can be read.",
    "photo.reason.too_small": "This photo is too small to show any tile.",
    "photo.reason.too_large": "This photo is too large to read.",
    "photo.reason.no_tiles": "No tile was found: lay the tiles face up on a plain table, in good light, and try again.",
    "photo.reason.failed": "This photo could not be read; type the total instead.",
    # setting a read tile's halves
    "photo.set_tile": "Set the halves of tile {n}",
    "photo.half_a": "One half:",
    "photo.half_b": "Other half:",
    "photo.set_half_a": "Tile {n}, one half: {pips}",
    "photo.set_half_b": "Tile {n}, other half: {pips}",
    # layout and language
    "record.pips_unit": "pips",
}
