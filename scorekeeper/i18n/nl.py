"""Dutch strings (the language of the seed text the rules come from)."""

STRINGS: dict[str, str | dict[str, str]] = {
    "app.title": "Domino-scorebord",
    "list_sep": ", ",
    "seat_n": "plaats {n}",
    "team_default_a": "Team A",
    "team_default_b": "Team B",
    "home.resume": "Partij hervatten",
    "home.new_match": "Nieuwe partij",
    "home.tonight": "Vanavond",
    "home.no_matches": "Nog geen afgelopen partijen vanavond.",
    "home.history": "Eerdere avonden",
    "home.settings": "Instellingen",
    "home.rules": "Spelregels",
    "home.in_progress": "Partij bezig",
    "home.rematch": "Revanche: {team_a} – {team_b}",
    "match.line": "{team_a} {a}\u00a0–\u2060\u00a0{b} {team_b}",
    "match.won_by": "Gewonnen door {team}, {won}\u00a0–\u2060\u00a0{lost}",
    "setup.title": "Nieuwe partij",
    "setup.player": "Speler {n}",
    "setup.table_hint": "Plaatsen in speelvolgorde, tegen de klok in; partners zitten tegenover elkaar.",
    "setup.team_name": "Naam van {team}",
    "setup.target": "Spelen tot",
    "setup.target_custom": "Ander doel",
    "setup.start": "Partij beginnen",
    "setup.known": "Bekende spelers",
    "board.target": "Spelen tot {target}",
    "board.starter_double_six": "Volgende ronde: wie de dubbele 6 heeft, begint daarmee.",
    "board.starter_team": "Volgende ronde: {team} mag beginnen (de winnaar of de partner, met een hoge dubbele).",
    "board.record": "Ronde invoeren",
    "board.undo": "Laatste ronde ongedaan maken",
    "board.undone": "Ronde {n} verwijderd.",
    "board.confirm_undo": "Ronde {n} terugnemen? {line}",
    "board.undo_action": "Terugnemen",
    "board.rounds": "Rondes",
    "board.no_rounds": "Nog geen rondes.",
    "board.round_n": "Ronde {n}",
    "board.went_out": "{name} ging uit",
    "board.lowest": "laagste: {names}",
    "board.tie": "gelijkspel tussen teams: geen punten",
    "board.redeal": "geen punten",
    "board.points": "{team} {points:plus}",
    "board.edit_round": "Ronde {n} wijzigen",
    "end.domino": "Domino",
    "end.blocked": "Gesloten",
    "end.redeal": "Opnieuw delen",
    "end.domino_help": "Iemand heeft zijn laatste steen aangelegd.",
    "end.blocked_help": "Niemand kan meer aanleggen en iedereen heeft nog stenen.",
    "end.redeal_help": "Iemand kreeg vijf of meer dubbele stenen.",
    "record.title": "Ronde {n}",
    "record.how": "Hoe eindigde de ronde?",
    "record.who": "Wie ging uit?",
    "record.pips": "Ogen van {name}",
    "record.preview_points": "{team} {points:plus}",
    "record.preview_lowest": "Laagste: {names}",
    "record.preview_tie": "Gelijk laagste tussen de teams: geen punten.",
    "record.preview_redeal": "Opnieuw delen: geen punten; wie de dubbele 6 heeft, begint.",
    "record.fill": "Vul de ogen in om de score te zien.",
    "record.save": "Ronde opslaan",
    "record.save_edit": "Wijziging opslaan",
    "record.cancel": "Annuleren",
    "record.delete": "Ronde verwijderen",
    "record.confirm_delete": "Ronde {n} verwijderen? De stand wordt opnieuw berekend.",
    "record.saved_elsewhere": "Ronde {n} is net op een andere telefoon opgeslagen: {score}.",
    "record.changed_elsewhere": "De partij is op een andere telefoon gewijzigd.",
    "record.save_as_title": "Deze ronde opslaan als ronde {n}?",
    "record.save_as": "Opslaan als ronde {n}",
    "record.not_yet": "Nog niet",
    "record.confirm": "Verwijderen",
    "record.pick_tiles": "Stenen kiezen",
    "record.type_total": "Totaal typen",
    "picker.title": "Stenen van {name}",
    "picker.help": "Tik de stenen aan die nog in deze hand zitten; tik nogmaals om er een terug te leggen.",
    "picker.total": "{count:tiles} · {pips:pips}",
    "picker.done": "Klaar",
    "picker.on_table": "{tile}, op tafel: deze ronde begon ermee",
    # reviewing past evenings
    "history.title": "Eerdere avonden",
    "history.none": "Nog geen avonden opgeslagen.",
    "history.more": "Meer tonen",
    "history.line": "{matches:matches} · {rounds:rounds}",
    "history.wins": "{team}: {n:wins}",
    "history.stats": "Statistieken",
    "history.export_csv": "Alles exporteren (CSV)",
    "history.export_json": "Alles exporteren (JSON)",
    "history.import": "Importeren (JSON)",
    "history.importing": "Bezig met importeren…",
    "history.imported": "Geïmporteerd: {added:matches}. Al aanwezig: {skipped:matches}.",
    "history.exported": "{name} opgeslagen.",
    "evening.title": "Avond van {date}",
    "evening.summary": "{matches:matches} · {rounds:rounds} · {ties:ties} · {redeals:redeals}",
    "evening.delete": "Avond verwijderen",
    "evening.confirm_delete": "De avond van {date} met {n:matches} verwijderen? Eerst wordt een back-up gemaakt.",
    "evening.deleted": "Avond van {date} verwijderd (er is een back-up bewaard).",
    "review.title": "Partij van {date}",
    "review.chart": "Stand per ronde",
    "review.target_line": "Doel {target}",
    "review.export_csv": "Exporteren (CSV)",
    "review.export_json": "Exporteren (JSON)",
    "review.delete": "Partij verwijderen",
    "review.confirm_delete": "Deze partij ({line}) verwijderen? Eerst wordt een back-up gemaakt.",
    "review.deleted": "Partij verwijderd (er is een back-up bewaard).",
    "review.in_progress": "Bezig",
    "stats.title": "Statistieken",
    "stats.players": "Spelers",
    "stats.partnerships": "Koppels",
    "stats.played": "Uitgespeelde partijen",
    "stats.won": "Partijen gewonnen",
    "stats.rounds_won": "Rondes gewonnen",
    "stats.dominoes": "Domino's",
    "stats.blocked": "Gesloten",
    "stats.average": "Gem. punten",
    "stats.biggest_col": "Grootste",
    "stats.summary": "{matches:matches} · {rounds:rounds} · {ties:ties} · {redeals:redeals}",
    "stats.biggest": "Grootste ronde: {team} {points:plus} ({date}, ronde {n})",
    "stats.none": "Nog niets gespeeld.",
    "stats.working": "Alle rondes van alle avonden worden geteld… de eerste keer na het starten duurt dat een paar seconden.",
    "winner.title": "Winnaar: {team}!",
    "winner.final": "Eindstand {a}\u00a0–\u2060\u00a0{b}",
    "winner.rematch": "Revanche",
    "winner.new_match": "Nieuwe partij",
    "winner.done": "Klaar",
    "sharing.share": "Delen",
    "sharing.copy": "Kopiëren",
    "sharing.copied": "Gekopieerd: plak het in een bericht.",
    "sharing.download": "Downloaden",
    "sharing.chart": "De grafiek delen",
    "sharing.chart_download": "De grafiek downloaden",
    "sharing.team_players": "{team}: {names}",
    "settings.title": "Instellingen",
    "settings.language": "Taal",
    "settings.digits": "Cijfers",
    "settings.theme": "Thema",
    "settings.theme_system": "Systeem",
    "settings.theme_light": "Licht",
    "settings.theme_dark": "Donker",
    "settings.default_target": "Standaarddoel",
    "settings.table": "Aan tafel",
    "settings.keep_awake": "Scherm aan houden tijdens een partij",
    "settings.haptics": "Een kort tikje bij Opslaan",
    "lang.ar": "العربية",
    "lang.en": "English",
    "lang.nl": "Nederlands",
    "rules.title": "Spelregels",
    "rules.body": (
        "De tafel\n"
        "• Dubbel-zes-set: 28 stenen, 168 ogen. Vier spelers in twee teams; partners zitten tegenover elkaar.\n"
        "• Er wordt tegen de klok in gespeeld. Iedereen krijgt 7 stenen. Aanleggen is verplicht als het kan, "
        "anders wordt de beurt overgeslagen. Wie nog één steen heeft, meldt dat.\n"
        "\n"
        "Domino\n"
        "• Iemand legt zijn laatste steen aan. Zijn team krijgt de ogen van beide tegenstanders samen, "
        "gedeeld door 10, alleen het gehele getal: 23 + 14 = 37 geeft 3. De ogen van de partner tellen niet.\n"
        "\n"
        "Gesloten spel\n"
        "• Na een steen kan niemand meer aanleggen en iedereen heeft nog stenen. Wie de minste ogen "
        "heeft, wint voor zijn team; dat krijgt de ogen van de drie andere spelers gedeeld door 10 "
        "(de ogen van de partner tellen hier mee).\n"
        "• Hebben twee spelers van verschillende teams samen de minste ogen, dan is er geen winnaar: 0 punten.\n"
        "• Delen de twee partners de minste ogen, dan wint hun team.\n"
        "\n"
        "Opnieuw delen\n"
        "• Krijgt iemand vijf of meer dubbele stenen, dan wordt er opnieuw gedeeld. Geen punten.\n"
        "\n"
        "Wie begint\n"
        "• De eerste ronde, en na een gesloten spel of opnieuw delen: wie de dubbele 6 heeft, met die steen.\n"
        "• Na een domino: de winnaar mag beginnen met een hoge dubbele, of zijn partner vragen te beginnen.\n"
        "\n"
        "De partij\n"
        "• Het eerste team waarvan het totaal het afgesproken doel haalt (meestal 11), wint."
    ),
    "error.end_unknown": "Kies hoe de ronde eindigde: domino, gesloten of opnieuw delen.",
    "error.winner_not_allowed": "Alleen bij een domino ging iemand uit.",
    "error.winner_missing": "Kies wie uitging.",
    "error.winner_out_of_range": "Kies wie uitging.",
    "error.winner_holds_pips": "{seat} ging uit en heeft geen stenen meer; voor hem tellen geen ogen.",
    "error.pips_missing": "Vul de ogen van {seat} in.",
    "error.pips_not_whole": "De ogen van {seat} moeten een geheel getal van 0 tot {limit} zijn.",
    "error.pips_negative": "De ogen van {seat} moeten een geheel getal van 0 tot {limit} zijn.",
    "error.pips_over_hand": "{seat}: {value} ogen kan niet; één hand heeft er hoogstens {limit}.",
    "error.opponents_over_limit": "De twee tegenstanders hebben samen {total} ogen; hoogstens {limit} kan: ze kunnen niet allebei alle zeven stenen gehouden hebben (een van hen moest spelen).",
    "error.hands_over_limit": "{seats} hebben samen {total} ogen; hoogstens {limit} kan.",
    "error.blocked_over_limit": "Na een gesloten spel houden de vier handen hoogstens {limit} ogen, niet {total}.",
    "error.pips_not_four": "Vul de ogen van de vier spelers in.",
    "error.tile_unknown": "{tile} is geen steen van de dubbel-zes-set.",
    "error.tile_twice": "De steen {tile} zit in twee handen ({seat} en {other}).",
    "error.hand_too_many_tiles": "{seat} kan geen {count} stenen hebben; een hand heeft er hoogstens {limit}.",
    "error.tiles_mismatch": "{seat}: de gekozen stenen hebben {total} ogen, niet {value}.",
    "error.round_after_end": "De partij is voorbij: na de ronde die het doel haalde, kan geen ronde meer komen.",
    "error.players_not_four": "Een partij heeft vier spelers nodig.",
    "error.player_name_empty": "Vul een naam in voor elk van de vier spelers.",
    "error.player_name_twice": "{name} staat er twee keer; er zijn vier verschillende namen nodig.",
    "error.name_too_long": 'Een naam heeft hoogstens {limit} tekens: "{name}" is langer.',
    "error.target_invalid": "Het doel moet een geheel getal van minstens 1 zijn.",
    # errors from storage
    "error.disk_full": "De schijf is vol: de laatste wijziging is niet opgeslagen. Alles wat eerder is opgeslagen, is intact.",
    "error.permission_denied": "Geen toestemming om de scores te schrijven ({path}); de laatste wijziging is niet opgeslagen.",
    "error.write_failed": "De laatste wijziging kon niet worden opgeslagen; alles wat eerder is opgeslagen, is intact.",
    "error.locked_elsewhere": "Deze scores zijn al open in een ander venster of app ({folder}). Sluit die en start opnieuw.",
    "error.read_only": "Deze scores zijn alleen-lezen geopend: er kan niets worden gewijzigd.",
    "error.match_not_found": "Die partij bestaat niet meer.",
    "error.newer_version": "Deze scores zijn opgeslagen door een nieuwere versie van de app; ze worden alleen-lezen getoond. Werk de app bij om ze te wijzigen.",
    "error.corrupt": "Er is een beschadigd bestand gevonden ({file}); het is apart bewaard.",
    "error.setting_invalid": "Die instelling kan niet worden gebruikt.",
    "error.closed": "De scores zijn gesloten; start de app opnieuw.",
    "storage.recovered": "{file} was beschadigd. Het is bewaard als {kept_as} en hersteld uit een back-up van {lost_since}; wijzigingen daarna konden niet worden hersteld.",
    "storage.recovered_nothing_lost": "{file} was beschadigd. Het is bewaard als {kept_as} en hersteld uit een back-up; er ging niets verloren.",
    "storage.unrecoverable": "{file} was beschadigd en geen back-up kon het herstellen. Het is bewaard als {kept_as}.",
    # errors from importing a file
    "error.import_not_json": "Dit bestand kan niet worden gelezen: het is geen export van het domino-scorebord, of het is onvolledig. Er is niets geïmporteerd.",
    "error.import_wrong_format": "Dit bestand is geen export van het domino-scorebord. Er is niets geïmporteerd.",
    "error.import_unsupported_version": "Deze export is gemaakt door een andere versie van de app (formaat {found}; deze app leest {supported}). Er is niets geïmporteerd.",
    "error.import_bad_match": "Partij {number} in het bestand is beschadigd of onvolledig. Er is niets geïmporteerd.",
    "error.import_impossible_round": "Partij {number} in het bestand, ronde {round}: die ronde kan niet zo gespeeld zijn. Er is niets geïmporteerd.",
    "error.import_duplicate_id": "Partij {number} staat twee keer in het bestand. Er is niets geïmporteerd.",
    "error.import_name_too_long": 'Partij {number} in het bestand heeft een naam van meer dan {limit} tekens ("{name}"). Er is niets geïmporteerd.',
    # the back button never drops a form's unsaved input without asking
    "leave.title": "Weggaan zonder opslaan?",
    "leave.body": "Wat je hier invulde is nog niet bewaard. Weggaan gooit het weg.",
    "leave.action": "Weggaan",
    "leave.stay": "Verder invullen",
    # the shared table (roles, share links, rounds changed elsewhere, not found)
    "error.viewer_read_only": "Deze telefoon kijkt alleen mee: vraag de scorer het in te voeren, of open de scorelink.",
    "error.round_changed": "Ronde {n} is op een andere telefoon gewijzigd: zo staat ze er nu.",
    "error.round_gone": "Ronde {n} is op een andere telefoon verwijderd: er is niets gewijzigd.",
    "error.round_added": "Een andere telefoon heeft intussen een ronde opgeslagen: deze is niet opgeslagen.",
    "error.import_too_large": "Dit bestand is te groot om te importeren ({size} MB; hoogstens {limit} MB). Er is niets geïmporteerd.",
    "error.import_busy": "Er loopt nog een andere import: probeer het opnieuw als die klaar is. Er is niets geïmporteerd.",
    "home.share": "Deel de tafel",
    "watch.waiting": "Wachten tot de scorer een partij begint.",
    "watch.dismiss": "Begrepen",
    "connection.lost": "De computer van de scorer is niet bereikbaar. We proberen het opnieuw…",
    "connection.back": "Weer verbonden.",
    "missing.title": "Niet gevonden",
    "missing.text": "Deze pagina bestaat niet.",
    "missing.home": "Start",
    "share.title": "Deel de tafel",
    "share.watch": "Meekijken: een live scorebord",
    "share.watch_help": "Scan met elke telefoon aan tafel of open op een tv: de stand live, er kan niets mee worden gewijzigd.",
    "share.watch_qr": "QR-code van de meekijklink",
    "share.score": "Scoren: rondes invoeren",
    "share.score_help": "Alleen voor wie de score bijhoudt: wie deze link opent kan rondes invoeren, wijzigen en verwijderen.",
    "share.score_qr": "QR-code van de scorelink",
    "share.revoke": "Trek de scorelink in",
    "share.confirm_revoke": "Een nieuwe scorelink maken? Telefoons die met de oude binnenkwamen kunnen vanaf nu alleen meekijken.",
    "share.revoked": "Er is een nieuwe scorelink gemaakt; de oude werkt niet meer.",
    "share.local_only": "De app is alleen op deze computer bereikbaar: start met -\u2060-\u2060host\u00a00.0.0.0 zodat telefoons op deze wifi mee kunnen doen.",
    "share.plain_http": "De links gaan onversleuteld over je wifi: ze houden wie ze niet heeft buiten, maar niet iemand die het netwerk afluistert.",
    "share.link_revoked": "Deze scorelink is niet meer geldig: je kunt meekijken. Vraag de scorer om de nieuwe link.",
    "error.evening_unknown": "Zo'n avond bestaat niet.",
    # damaged data folders
    "error.lock_lost": "Het slot op deze gegevensmap is verwijderd of vervangen terwijl de app draaide (een opruimprogramma of een synchronisatieprogramma?). Er wordt niets meer opgeslagen tot de app opnieuw start; wat u ziet blijft bewaard.",
    # the data folder in Settings
    "settings.data": "Uw gegevens",
    "settings.data_folder": "Map: {folder}",
    "settings.data_size": "Grootte: {size} kB",
    "settings.last_backup": "Laatste reservekopie: {when}",
    "settings.no_backup": "Nog geen reservekopie.",
    "settings.restore": "Deze reservekopie terugzetten",
    "settings.restore_title": "De reservekopie van {when} terugzetten?",
    "settings.restore_body": "Alle scores en instellingen worden weer zoals ze toen waren. Wat u nu hebt, wordt eerst als reservekopie bewaard, zodat u ernaar terug kunt.",
    "settings.restored": "De reservekopie van {when} is teruggezet.",
    # plural forms (CLDR categories, chosen by Babel), used as {x:matches} etc.
    "count.matches": {"one": "{n} partij", "other": "{n} partijen"},
    "count.wins": {"one": "{n} overwinning", "other": "{n} overwinningen"},
    "count.rounds": {"one": "{n} ronde", "other": "{n} rondes"},
    "count.ties": {"one": "{n} gelijkspel", "other": "{n} gelijke spelen"},
    "count.redeals": {"one": "{n} keer opnieuw gedeeld", "other": "{n} keer opnieuw gedeeld"},
    "count.tiles": {"one": "{n} steen", "other": "{n} stenen"},
    "count.pips": {"one": "{n} oog", "other": "{n} ogen"},
    "count.plus": {"one": "+{n}", "other": "+{n}"},
    "board.title": "Scorebord",  # short enough beside the back arrow and an icon at 320 px
    # rounds that could not have happened, the readings chosen, the limits
    "error.pips_over_hand_66": "{seat}: {value} ogen kan niet in een ronde die met de dubbele 6 begon; één hand heeft er dan hoogstens {limit}.",
    "error.opponents_over_limit_66": "In een ronde die met de dubbele 6 begon, hebben de twee tegenstanders samen hoogstens {limit} ogen, niet {total}: ze kunnen niet allebei alle zeven stenen gehouden hebben.",
    "error.after_domino_over_limit": "Na een domino hebben de drie overige handen samen hoogstens {limit} ogen, niet {total}: wie kan spelen moet, dus legden ook zij stenen.",
    "error.after_domino_over_limit_66": "In een ronde die met de dubbele 6 begon, hebben de drie handen na een domino samen hoogstens {limit} ogen, niet {total}: wie kan spelen moet, dus legden ook zij stenen.",
    "error.blocked_over_limit_66": "In een ronde die met de dubbele 6 begon, hebben de vier handen van een gesloten spel samen hoogstens {limit} ogen, niet {total}.",
    "error.two_hands_zero": "Twee handen kunnen niet allebei 0 ogen hebben ({seats}): alleen de 0-0 weegt niets.",
    "error.two_hands_one": "Twee handen kunnen niet allebei 1 oog hebben ({seats}): alleen de 0-1 weegt 1.",
    "error.hands_impossible": "Geen verdeling geeft {seats} tegelijk {pips} ogen: er zijn niet genoeg stenen van dat gewicht.",
    "error.hands_impossible_picked": "Met de gekozen stenen geeft geen verdeling {seats} de ingevoerde ogen: de stenen die nodig zijn zitten in andere handen.",
    "error.hand_empty": "{seat} speelt nog mee en heeft dus minstens één steen.",
    "error.double_six_picked": "Deze ronde begon met de dubbele 6: die ligt op tafel, niet in een hand.",
    "error.blocked_every_number_picked": "In een gesloten spel liggen alle zeven stenen van één getal op tafel, maar de gekozen stenen tonen elk getal.",
    "error.blocked_no_suit": "Deze handen kunnen geen gesloten spel beëindigen: alle zeven stenen van het sluitende getal liggen op tafel, en geen getal laat ruimte voor deze handen.",
    "error.blocked_line_odd": "Bij een gesloten spel liggen beide uiteinden op hetzelfde getal, dus elk getal komt een even aantal keer op tafel voor; hier komen {numbers} een oneven aantal keer voor: deze handen kloppen niet.",
    "error.line_odd_numbers": "De stenen op tafel vormen één rij met twee uiteinden, dus hoogstens twee getallen komen een oneven aantal keer voor; hier {numbers}: deze handen kloppen niet.",
    "error.line_in_pieces": "De stenen op tafel (alle behalve die in de handen) vormen geen aaneengesloten rij: deze handen kloppen niet.",
    "error.kept_too_many": "{seats} kunnen na een domino niet samen nog {count} stenen hebben: wie kan spelen moet, dus hielden zij er hoogstens {limit}.",
    "review.impossible": "Deze ronde kan niet zo gegaan zijn: controleer haar.",
    "review.fix": "Ronde {n} controleren",
    "rules.readings": (
        "Gekozen lezingen\n"
        "• Een gesloten spel heeft geen winnaar als twee of meer spelers van verschillende teams samen het "
        "laagste aantal hebben; gelijke hogere aantallen tellen niet.\n"
        "• De punten van een gesloten spel gaan naar het team van de laagste speler: de andere drie handen "
        "gedeeld door 10, alleen het hele getal, zoals bij een domino.\n"
        "• De partij eindigt zodra een team het doel haalt of voorbijgaat.\n"
        "• De dubbele 6 opent de eerste ronde van elke partij, en elke ronde na een gesloten spel of opnieuw delen.\n"
        "• Een eerdere ronde verbeteren wordt nooit geweigerd vanwege een latere: de wijziging blijft, en een "
        "latere ronde die daardoor onmogelijk werd, krijgt 'kan niet gebeurd zijn: controleer'."
    ),
    "rules.limits": (
        "Wat nooit ingevoerd kan worden\n"
        "• Eén hand heeft 0 tot {hand} ogen; na een domino hebben de twee tegenstanders samen hoogstens "
        "{opponents}, en de drie overige handen hoogstens {after_domino}.\n"
        "• Wie nog meespeelt heeft minstens één steen, en geen steen zit in twee handen: twee handen kunnen "
        "dus niet allebei 0 ogen hebben (alleen de 0-0 weegt niets), en ook niet allebei 1 oog (alleen de 0-1).\n"
        "• Gesloten spel: alle zeven stenen van het sluitende getal liggen op tafel, dus de vier handen "
        "hebben samen hoogstens {blocked} ogen.\n"
        "• In een ronde die met de dubbele 6 begon: één hand hoogstens {hand66}, de twee tegenstanders na een "
        "domino hoogstens {opponents66}, de drie handen na een domino hoogstens {after_domino66}, een gesloten "
        "spel hoogstens {blocked66}."
    ),
    "rules.line": (
        "De rij op tafel\n• De stenen op tafel vormen één rij. Als elke hand steen voor steen is gekozen, "
        "moet de rest aaneensluiten, met hoogstens twee getallen die een oneven aantal keer voorkomen, "
        "en geen bij een gesloten spel. Voorbeeld: een eerste ronde, gesloten, handen 3-3 / 4-0 / 4-3 / "
        "0-0 kan nooit: op tafel komen 0 en 3 elk vijf keer voor.\n• Een gesloten spel laat alle zeven "
        "stenen van één getal n op tafel, dus de handen hebben hoogstens {blocked} − 6 × n ogen "
        "({blocked66} − 6 × n als de dubbele 6 de ronde opende en n niet 6 is). Voorbeeld: na een domino "
        "kan gesloten 69, 2, 48, 2 nooit.\n• Wie kan spelen moet. Na een domino kunnen de twee "
        "tegenstanders niet allebei zeven stenen gehouden hebben, en de drie overige spelers legden "
        "minstens {laid} stenen. Voorbeeld: stoel 1 gaat uit en de tegenstanders krijgen 59 en 59: "
        "geweigerd."
    ),
    # counting pips from a photo
    "photo.count": "Tellen van een foto",
    "photo.reading": "De foto wordt gelezen…",
    "photo.busy": "Er wordt nog een foto gelezen: wacht tot die klaar is.",
    "photo.title": "Ogen van {name} van de foto",
    "photo.total": "{pips} ogen",
    "photo.help": "Tik op een gemist oog om het toe te voegen, op een verkeerd teken om het te wissen. Gebruiken zet het totaal in het formulier.",
    "photo.check": "Controleer de stenen met een ?: de lezer is er niet zeker van.",
    "photo.use": "Gebruiken",
    "photo.cancel": "Annuleren",
    "photo.reason.unreadable": "Dit bestand is geen foto die gelezen kan worden.",
    "photo.reason.too_small": "Deze foto is te klein om een steen te tonen.",
    "photo.reason.too_large": "Deze foto is te groot om te lezen.",
    "photo.reason.no_tiles": "Geen steen gevonden: leg de stenen open op een effen tafel, in goed licht, en probeer het opnieuw.",
    "photo.reason.failed": "Deze foto kon niet gelezen worden; typ het totaal.",
    # setting a read tile's halves
    "photo.set_tile": "Stel de helften van steen {n} in",
    "photo.half_a": "Eén helft:",
    "photo.half_b": "Andere helft:",
    "photo.set_half_a": "Steen {n}, één helft: {pips}",
    "photo.set_half_b": "Steen {n}, andere helft: {pips}",
    # layout and language
    "record.pips_unit": "ogen",
}
