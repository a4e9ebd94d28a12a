"""Arabic strings (shown right-to-left; digits follow the user's choice)."""

STRINGS: dict[str, str | dict[str, str]] = {
    "app.title": "حاسبة الدومينو",
    "list_sep": "، ",
    "seat_n": "المقعد {n}",
    "team_default_a": "الفريق أ",
    "team_default_b": "الفريق ب",
    "home.resume": "متابعة المباراة",
    "home.new_match": "مباراة جديدة",
    "home.tonight": "الليلة",
    "home.no_matches": "لا توجد مباريات منتهية الليلة بعد.",
    "home.history": "الأمسيات السابقة",
    "home.settings": "الإعدادات",
    "home.rules": "قواعد اللعب",
    "home.in_progress": "مباراة جارية",
    "match.line": "{team_a} {a} – {b} {team_b}",
    "match.won_by": "فاز {team} {a} – {b}",
    "setup.title": "مباراة جديدة",
    "setup.player": "اللاعب {n}",
    "setup.table_hint": "المقاعد بترتيب اللعب عكس عقارب الساعة؛ الشريكان متقابلان.",
    "setup.team_name": "اسم {team}",
    "setup.target": "اللعب حتى",
    "setup.target_custom": "هدف آخر",
    "setup.start": "ابدأ المباراة",
    "setup.known": "لاعبون معروفون",
    "board.target": "اللعب حتى {target}",
    "board.starter_double_six": "الجولة التالية: يبدأ من معه الدبل ستة به.",
    "board.starter_team": "الجولة التالية: يبدأ {team} (الفائز أو شريكه، بدبل عالٍ).",
    "board.record": "سجّل الجولة",
    "board.undo": "تراجع عن آخر جولة",
    "board.undone": "حُذفت الجولة {n}.",
    "board.confirm_undo": "التراجع عن الجولة {n}؟ {line}",
    "board.undo_action": "تراجع",
    "board.rounds": "الجولات",
    "board.no_rounds": "لا جولات بعد. يبدأ من معه الدبل ستة.",
    "board.round_n": "الجولة {n}",
    "board.went_out": "خرج {name}",
    "board.lowest": "الأقل: {names}",
    "board.tie": "تعادل بين الفريقين: بلا نقاط",
    "board.redeal": "بلا نقاط",
    "board.points": "{team} {points:plus}",
    "board.edit_round": "تعديل الجولة {n}",
    "end.domino": "دومينو",
    "end.blocked": "مقفولة",
    "end.redeal": "إعادة توزيع",
    "end.domino_help": "لاعب وضع آخر حجر معه.",
    "end.blocked_help": "لا أحد يستطيع اللعب والجميع ما زال معه أحجار.",
    "end.redeal_help": "لاعب وُزّع عليه خمسة دبلات أو أكثر.",
    "record.title": "الجولة {n}",
    "record.how": "كيف انتهت الجولة؟",
    "record.who": "من خرج؟",
    "record.pips": "نقاط {name}",
    "record.preview_points": "{team} {points:plus}",
    "record.preview_lowest": "الأقل: {names}",
    "record.preview_tie": "تعادل بين الفريقين على الأقل: بلا نقاط.",
    "record.preview_redeal": "إعادة توزيع: بلا نقاط؛ يبدأ من معه الدبل ستة.",
    "record.fill": "أدخل النقاط لترى النتيجة.",
    "record.save": "احفظ الجولة",
    "record.save_edit": "احفظ التعديل",
    "record.cancel": "إلغاء",
    "record.delete": "احذف الجولة",
    "record.confirm_delete": "حذف الجولة {n}؟ سيُعاد حساب المجموع.",
    "record.confirm": "احذف",
    "record.pick_tiles": "اختر الأحجار",
    "record.type_total": "اكتب المجموع",
    "picker.title": "أحجار {name}",
    "picker.help": "المس الأحجار الباقية في هذه اليد؛ المسها مرة أخرى لإرجاعها.",
    "picker.total": "{count:tiles} · {pips:pips}",
    "picker.done": "تم",
    # reviewing past evenings
    "history.title": "الأمسيات السابقة",
    "history.none": "لا أمسيات محفوظة بعد.",
    "history.more": "عرض المزيد",
    "history.line": "{matches:matches} · {rounds:rounds}",
    "history.stats": "إحصاءات",
    "history.export_csv": "تصدير الكل (CSV)",
    "history.export_json": "تصدير الكل (JSON)",
    "history.import": "استيراد (JSON)",
    "history.imported": "استُورد: {added:matches}. موجود من قبل: {skipped:matches}.",
    "history.exported": "حُفظ {name}.",
    "evening.title": "أمسية {date}",
    "evening.summary": "{matches:matches} · {rounds:rounds} · {ties:ties} · {redeals:redeals}",
    "evening.delete": "احذف الأمسية",
    "evening.confirm_delete": "حذف أمسية {date} ومعها {n:matches}؟ تُؤخذ نسخة احتياطية أولًا.",
    "evening.deleted": "حُذفت أمسية {date} (مع الاحتفاظ بنسخة احتياطية).",
    "review.title": "مباراة {date}",
    "review.chart": "النتيجة حسب الجولة",
    "review.target_line": "الهدف {target}",
    "review.export_csv": "تصدير (CSV)",
    "review.export_json": "تصدير (JSON)",
    "review.delete": "احذف المباراة",
    "review.confirm_delete": "حذف هذه المباراة ({line})؟ تُؤخذ نسخة احتياطية أولًا.",
    "review.deleted": "حُذفت المباراة (مع الاحتفاظ بنسخة احتياطية).",
    "review.in_progress": "جارية",
    "stats.title": "إحصاءات",
    "stats.players": "اللاعبون",
    "stats.partnerships": "الشراكات",
    "stats.name": "الاسم",
    "stats.played": "لعب",
    "stats.won": "فاز",
    "stats.rounds_won": "جولات فاز بها",
    "stats.dominoes": "دومينو",
    "stats.blocked": "مقفولة",
    "stats.average": "متوسط النقاط",
    "stats.biggest_col": "الأكبر",
    "stats.summary": "{matches:matches} · {rounds:rounds} · {ties:ties} · {redeals:redeals}",
    "stats.biggest": "أكبر جولة: {team} {points:plus} ({date}، الجولة {n})",
    "stats.none": "لم يُلعب شيء بعد.",
    "stats.working": "جارٍ عدّ كل جولات كل الأمسيات… في المرة الأولى بعد التشغيل يستغرق ذلك بضع ثوانٍ.",
    "winner.title": "الفائز: {team}!",
    "winner.final": "النتيجة النهائية {a} – {b}",
    "winner.rematch": "مباراة إعادة",
    "winner.new_match": "مباراة جديدة",
    "winner.done": "تم",
    "settings.title": "الإعدادات",
    "settings.language": "اللغة",
    "settings.digits": "الأرقام",
    "settings.theme": "المظهر",
    "settings.theme_system": "حسب الجهاز",
    "settings.theme_light": "فاتح",
    "settings.theme_dark": "داكن",
    "settings.default_target": "الهدف الافتراضي",
    "lang.ar": "العربية",
    "lang.en": "English",
    "lang.nl": "Nederlands",
    "rules.title": "قواعد اللعب",
    "rules.body": (
        "الطاولة\n"
        "• طقم الدبل ستة: ٢٨ حجرًا و١٦٨ نقطة. أربعة لاعبين في فريقين؛ الشريكان متقابلان.\n"
        "• يدور اللعب عكس عقارب الساعة. لكل لاعب ٧ أحجار. اللعب واجب إن أمكن، "
        "وإلا يمرّر اللاعب دوره. من بقي معه حجر واحد يعلن ذلك.\n"
        "\n"
        "الدومينو\n"
        "• يضع لاعب آخر حجر معه. يسجّل فريقه مجموع نقاط الخصمين مقسومًا على ١٠، "
        "والعدد الصحيح فقط: ٢٣ + ١٤ = ٣٧ تعطي ٣. نقاط الشريك لا تُحسب.\n"
        "\n"
        "اللعبة المقفولة\n"
        "• بعد حجر لا يستطيع أحد اللعب والجميع ما زال معه أحجار. صاحب أقل نقاط يفوز لفريقه، "
        "ويسجّل فريقه نقاط اللاعبين الثلاثة الآخرين مقسومة على ١٠ (نقاط الشريك تُحسب هنا).\n"
        "• إن تساوى في الأقل لاعبان من فريقين مختلفين فلا فائز: صفر نقاط.\n"
        "• إن تساوى الشريكان في الأقل فاز فريقهما.\n"
        "\n"
        "إعادة التوزيع\n"
        "• من وُزّع عليه خمسة دبلات أو أكثر: تُخلط الأحجار وتُوزّع من جديد. بلا نقاط.\n"
        "\n"
        "من يبدأ\n"
        "• الجولة الأولى، وبعد اللعبة المقفولة أو إعادة التوزيع: من معه الدبل ستة، يبدأ به.\n"
        "• بعد الدومينو: للفائز أن يبدأ بدبل عالٍ، أو يطلب من شريكه أن يبدأ.\n"
        "\n"
        "المباراة\n"
        "• أول فريق يبلغ مجموعه الهدف المتفق عليه (عادة ١١) يفوز."
    ),
    "error.end_unknown": "اختر كيف انتهت الجولة: دومينو أو مقفولة أو إعادة توزيع.",
    "error.winner_not_allowed": "الدومينو وحده فيه لاعب خرج.",
    "error.winner_missing": "اختر من خرج.",
    "error.winner_out_of_range": "اختر من خرج.",
    "error.winner_holds_pips": "{seat} خرج وليس معه أحجار، فلا تُدخل له نقاط.",
    "error.pips_missing": "أدخل نقاط {seat}.",
    "error.pips_not_whole": "نقاط {seat} يجب أن تكون عددًا صحيحًا من ٠ إلى {limit}.",
    "error.pips_negative": "نقاط {seat} يجب أن تكون عددًا صحيحًا من ٠ إلى {limit}.",
    "error.pips_over_hand": "{seat}: {value} نقطة مستحيلة؛ اليد الواحدة تحمل {limit} على الأكثر.",
    "error.opponents_over_limit": "مع الخصمين معًا {total} نقطة؛ والممكن {limit} على الأكثر: لا يمكن أن يحتفظ كلاهما بأحجاره السبعة كلها (كان على أحدهما أن يلعب).",
    "error.hands_over_limit": "مع {seats} معًا {total} نقطة؛ والممكن {limit} على الأكثر.",
    "error.blocked_over_limit": "بعد اللعبة المقفولة تحمل الأيدي الأربع {limit} نقطة على الأكثر، لا {total}.",
    "error.pips_not_four": "أدخل نقاط اللاعبين الأربعة.",
    "error.tile_unknown": "{tile} ليس من أحجار طقم الدبل ستة.",
    "error.tile_twice": "الحجر {tile} في يدين ({seat} و{other}).",
    "error.hand_too_many_tiles": "لا يمكن أن يحمل {seat} {count} أحجار؛ اليد تحمل {limit} على الأكثر.",
    "error.tiles_mismatch": "{seat}: الأحجار المختارة فيها {total} نقطة، لا {value}.",
    "error.round_after_end": "انتهت المباراة: لا جولة بعد الجولة التي بلغت الهدف.",
    "error.players_not_four": "المباراة تحتاج أربعة لاعبين.",
    "error.player_name_empty": "أدخل اسمًا لكل واحد من اللاعبين الأربعة.",
    "error.player_name_twice": "الاسم {name} مكرر؛ المطلوب أربعة أسماء مختلفة.",
    "error.target_invalid": "الهدف يجب أن يكون عددًا صحيحًا لا يقل عن ١.",
    # errors from storage
    "error.disk_full": "القرص ممتلئ: لم يُحفظ التغيير الأخير. كل ما حُفظ قبله سليم.",
    "error.permission_denied": "لا صلاحية لكتابة النتائج ({path})؛ لم يُحفظ التغيير الأخير.",
    "error.write_failed": "تعذّر حفظ التغيير الأخير؛ كل ما حُفظ قبله سليم.",
    "error.locked_elsewhere": "هذه النتائج مفتوحة في نافذة أو تطبيق آخر ({folder}). أغلقه ثم ابدأ من جديد.",
    "error.read_only": "هذه النتائج مفتوحة للقراءة فقط: لا يمكن تغيير شيء.",
    "error.match_not_found": "هذه المباراة لم تعد موجودة.",
    "error.newer_version": "حُفظت هذه النتائج بإصدار أحدث من التطبيق؛ تُعرض للقراءة فقط. حدّث التطبيق لتغييرها.",
    "error.corrupt": "وُجد ملف تالف ({file})؛ وقد حُفظ جانبًا.",
    "error.setting_invalid": "لا يمكن استعمال هذا الإعداد.",
    "error.closed": "النتائج مغلقة؛ أعد تشغيل التطبيق.",
    "storage.recovered": "الملف {file} كان تالفًا. حُفظ باسم {kept_as} واستُعيد من نسخة احتياطية أُخذت {lost_since}؛ تعذّر استرجاع التغييرات بعدها.",
    "storage.recovered_nothing_lost": "الملف {file} كان تالفًا. حُفظ باسم {kept_as} واستُعيد من نسخة احتياطية؛ لم يُفقد شيء.",
    "storage.unrecoverable": "الملف {file} كان تالفًا ولم تُصلحه أي نسخة احتياطية. حُفظ باسم {kept_as}.",
    # errors from importing a file
    "error.import_not_json": "تعذّرت قراءة هذا الملف: ليس ملف تصدير من حاسبة الدومينو، أو أنه ناقص. لم يُستورد شيء.",
    "error.import_wrong_format": "هذا الملف ليس ملف تصدير من حاسبة الدومينو. لم يُستورد شيء.",
    "error.import_unsupported_version": "صُدِّر هذا الملف بإصدار آخر من التطبيق (الصيغة {found}؛ هذا التطبيق يقرأ الصيغة {supported}). لم يُستورد شيء.",
    "error.import_bad_match": "المباراة {number} في الملف تالفة أو ناقصة. لم يُستورد شيء.",
    "error.import_impossible_round": "المباراة {number} في الملف، الجولة {round}: لا يمكن أن تكون هذه الجولة قد حدثت. لم يُستورد شيء.",
    "error.import_duplicate_id": "المباراة {number} مكررة في الملف. لم يُستورد شيء.",
    # the back button never drops a form's unsaved input without asking
    "leave.title": "الخروج دون حفظ؟",
    "leave.body": "ما أدخلته هنا لم يُحفظ بعد، وسيضيع إن خرجت.",
    "leave.action": "خروج",
    "leave.stay": "متابعة الإدخال",
    # the shared table (roles, share links, rounds changed elsewhere, not found)
    "error.viewer_read_only": "هذا الهاتف يشاهد الطاولة فقط: اطلب من المسجّل تسجيلها، أو افتح رابط التسجيل.",
    "error.round_changed": "الجولة {n} تغيّرت على هاتف آخر: هذه حالتها الآن.",
    "error.round_gone": "الجولة {n} حُذفت على هاتف آخر: لم يتغيّر شيء.",
    "error.import_too_large": "هذا الملف أكبر من أن يُستورد ({size} ميغابايت؛ الحد {limit} ميغابايت). لم يُستورد شيء.",
    "home.share": "شارك الطاولة",
    "watch.waiting": "بانتظار أن يبدأ المسجّل مباراة.",
    "watch.dismiss": "فهمت",
    "connection.lost": "تعذّر الوصول إلى حاسوب المسجّل. نحاول مجددًا…",
    "connection.back": "عاد الاتصال.",
    "missing.title": "غير موجود",
    "missing.text": "هذه الصفحة غير موجودة.",
    "missing.home": "الرئيسية",
    "share.title": "شارك الطاولة",
    "share.watch": "مشاهدة: لوحة مباشرة",
    "share.watch_help": "امسحه بأي هاتف على الطاولة أو افتحه على تلفاز: النتيجة مباشرة، ولا يمكن تغيير شيء منه.",
    "share.watch_qr": "رمز QR لرابط المشاهدة",
    "share.score": "تسجيل: سجّل الجولات",
    "share.score_help": "لمن يسجّل النتيجة فقط: من يفتح هذا الرابط يستطيع تسجيل الجولات وتغييرها وحذفها.",
    "share.score_qr": "رمز QR لرابط التسجيل",
    "share.revoke": "ألغِ رابط التسجيل",
    "share.confirm_revoke": "إنشاء رابط تسجيل جديد؟ الهواتف التي دخلت بالرابط القديم ستشاهد فقط من الآن.",
    "share.revoked": "أُنشئ رابط تسجيل جديد؛ الرابط القديم لم يعد يعمل.",
    "share.local_only": "التطبيق يخدم هذا الحاسوب فقط: شغّله مع \u200e-\u2060-\u2060host\u00a00.0.0.0\u200e لتنضم الهواتف على شبكة الواي فاي هذه.",
    "share.plain_http": "الروابط تنتقل دون تشفير عبر شبكة الواي فاي: تمنع من لا يملكها، لكنها لا تحمي ممن يتنصّت على الشبكة.",
    "share.link_revoked": "رابط التسجيل هذا لم يعد صالحًا: يمكنك مشاهدة الطاولة. اطلب الرابط الجديد من المسجّل.",
    "error.evening_unknown": "لا توجد سهرة بهذا التاريخ.",
    # damaged data folders
    "error.lock_lost": "أُزيل قفل مجلد البيانات أو استُبدل أثناء عمل التطبيق (أداة تنظيف أو برنامج مزامنة؟). لن يُحفظ شيء آخر حتى يُعاد تشغيل التطبيق؛ وما تراه محفوظ.",
    # the data folder in Settings
    "settings.data": "بياناتك",
    "settings.data_folder": "المجلد: {folder}",
    "settings.data_size": "الحجم: {size} ك.بايت",
    "settings.last_backup": "آخر نسخة احتياطية: {when}",
    "settings.no_backup": "لا توجد نسخة احتياطية بعد.",
    "settings.restore": "استرجاع هذه النسخة",
    "settings.restore_title": "استرجاع النسخة الاحتياطية من {when}؟",
    "settings.restore_body": "ستعود كل النتائج والإعدادات كما كانت حينها. يُحفظ ما لديك الآن في نسخة احتياطية أولًا، فيمكنك الرجوع إليه.",
    "settings.restored": "استُرجعت النسخة الاحتياطية من {when}.",
    # plural forms (CLDR categories, chosen by Babel), used as {x:matches} etc.
    "count.matches": {
        "zero": "لا مباريات",
        "one": "مباراة واحدة",
        "two": "مباراتان",
        "few": "{n} مباريات",
        "many": "{n} مباراة",
        "other": "{n} مباراة",
    },
    "count.rounds": {
        "zero": "لا جولات",
        "one": "جولة واحدة",
        "two": "جولتان",
        "few": "{n} جولات",
        "many": "{n} جولة",
        "other": "{n} جولة",
    },
    "count.ties": {
        "zero": "لا تعادلات",
        "one": "تعادل واحد",
        "two": "تعادلان",
        "few": "{n} تعادلات",
        "many": "{n} تعادلًا",
        "other": "{n} تعادل",
    },
    "count.redeals": {
        "zero": "لا إعادات توزيع",
        "one": "إعادة توزيع واحدة",
        "two": "إعادتا توزيع",
        "few": "{n} إعادات توزيع",
        "many": "{n} إعادة توزيع",
        "other": "{n} إعادة توزيع",
    },
    "count.tiles": {
        "zero": "لا أحجار",
        "one": "حجر واحد",
        "two": "حجران",
        "few": "{n} أحجار",
        "many": "{n} حجرًا",
        "other": "{n} حجر",
    },
    "count.pips": {
        "zero": "لا نقاط",
        "one": "نقطة واحدة",
        "two": "نقطتان",
        "few": "{n} نقاط",
        "many": "{n} نقطة",
        "other": "{n} نقطة",
    },
    "count.plus": {"zero": "بلا نقاط", "one": "+{n}", "two": "+{n}", "few": "+{n}", "many": "+{n}", "other": "+{n}"},
    "board.title": "لوحة النتائج",  # short enough beside the back arrow and an icon at 320 px
    # rounds that could not have happened, the readings chosen, the limits
    "error.pips_over_hand_66": "{seat}: {value} نقطة مستحيلة في جولة بدأت بالدبل ستة؛ اليد الواحدة تحمل حينها {limit} على الأكثر.",
    "error.opponents_over_limit_66": "في جولة بدأت بالدبل ستة يحمل الخصمان معًا {limit} نقطة على الأكثر، لا {total}: لا يمكن أن يحتفظ كلاهما بأحجاره السبعة كلها.",
    "error.after_domino_over_limit": "بعد الدومينو تحمل الأيدي الثلاث الباقية معًا {limit} نقطة على الأكثر، لا {total}: اللعب واجب على من يستطيع، فقد وضعوا أحجارًا هم أيضًا.",
    "error.after_domino_over_limit_66": "في جولة بدأت بالدبل ستة تحمل الأيدي الثلاث الباقية بعد الدومينو {limit} نقطة على الأكثر، لا {total}: اللعب واجب على من يستطيع، فقد وضعوا أحجارًا هم أيضًا.",
    "error.blocked_over_limit_66": "في جولة بدأت بالدبل ستة تحمل الأيدي الأربع في اللعبة المقفولة {limit} نقطة على الأكثر، لا {total}.",
    "error.two_hands_zero": "لا يمكن أن تحمل يدان كلتاهما صفر نقطة ({seats}): الحجر 0-0 وحده لا وزن له.",
    "error.two_hands_one": "لا يمكن أن تحمل يدان كلتاهما نقطة واحدة ({seats}): الحجر 0-1 وحده وزنه 1.",
    "error.hands_impossible": "لا يوجد توزيع يعطي {seats} {pips} نقطة في الوقت نفسه: لا تكفي الأحجار بهذه الأوزان.",
    "error.hands_impossible_picked": "مع الأحجار المختارة لا يوجد توزيع يعطي {seats} النقاط المدخلة: الأحجار اللازمة في أيدٍ أخرى.",
    "error.hand_empty": "{seat} ما زال في الجولة، فمعه حجر واحد على الأقل.",
    "error.double_six_picked": "بدأت هذه الجولة بالدبل ستة، فهو على الطاولة لا في يد.",
    "error.blocked_every_number_picked": "في اللعبة المقفولة تكون أحجار رقم واحد السبعة كلها على الطاولة، لكن الأحجار المختارة فيها كل الأرقام.",
    "error.blocked_no_suit": "لا يمكن أن تنتهي لعبة مقفولة بهذه الأيدي: أحجار الرقم المقفول السبعة كلها على الطاولة، ولا رقم يترك مكانًا لهذه الأيدي.",
    "error.blocked_line_odd": "في اللعبة المقفولة يكون طرفا الصف على الرقم نفسه، فيظهر كل رقم على الطاولة عددًا زوجيًا من المرات؛ وهنا يظهر {numbers} عددًا فرديًا: هذه الأيدي غير صحيحة.",
    "error.line_odd_numbers": "أحجار الطاولة صف واحد له طرفان، فلا يظهر عددًا فرديًا من المرات إلا رقمان على الأكثر؛ وهنا {numbers}: هذه الأيدي غير صحيحة.",
    "error.line_in_pieces": "أحجار الطاولة (كلها عدا ما في الأيدي) لا تتصل في صف واحد: هذه الأيدي غير صحيحة.",
    "error.kept_too_many": "لا يمكن أن يبقى مع {seats} معًا {count} حجرًا بعد الدومينو: اللعب واجب على من يستطيع، فقد بقي معهم {limit} على الأكثر.",
    "review.impossible": "لا يمكن أن تكون هذه الجولة قد حدثت: راجعها.",
    "review.fix": "راجع الجولة {n}",
    "rules.readings": (
        "قراءات اخترناها\n"
        "• لا فائز في اللعبة المقفولة إذا تساوى لاعبان أو أكثر من فريقين مختلفين في أقل عدد؛ "
        "التساوي في أعداد أعلى لا يهم.\n"
        "• نقاط اللعبة المقفولة لفريق صاحب أقل عدد: مجموع الأيدي الثلاث الأخرى مقسومًا على 10، "
        "العدد الصحيح فقط، كما في الدومينو.\n"
        "• تنتهي المباراة حين يبلغ فريق الهدف أو يتجاوزه.\n"
        "• الدبل ستة يفتح الجولة الأولى من كل مباراة، وكل جولة بعد لعبة مقفولة أو إعادة توزيع.\n"
        "• تصحيح جولة سابقة لا يُرفض أبدًا بسبب جولة لاحقة: يبقى التغيير، وتُعلَّم الجولة اللاحقة التي صارت "
        "مستحيلة بعبارة 'لا يمكن أن تكون قد حدثت: راجعها'."
    ),
    "rules.limits": (
        "ما لا يمكن إدخاله أبدًا\n"
        "• اليد الواحدة تحمل من 0 إلى {hand} نقطة؛ بعد الدومينو يحمل الخصمان معًا {opponents} على الأكثر، "
        "والأيدي الثلاث الباقية {after_domino} على الأكثر.\n"
        "• كل لاعب ما زال في الجولة معه حجر واحد على الأقل، ولا حجر في يدين: فلا يمكن أن تحمل يدان "
        "كلتاهما صفرًا (الحجر 0-0 وحده لا وزن له)، ولا نقطة واحدة كلتاهما (الحجر 0-1 وحده).\n"
        "• اللعبة المقفولة: أحجار الرقم المقفول السبعة كلها على الطاولة، فتحمل الأيدي الأربع "
        "{blocked} نقطة على الأكثر.\n"
        "• في جولة بدأت بالدبل ستة: اليد الواحدة {hand66} على الأكثر، والخصمان بعد الدومينو {opponents66}، "
        "والأيدي الثلاث الباقية بعد الدومينو {after_domino66}، واللعبة المقفولة {blocked66}."
    ),
    "rules.line": (
        "صف اللعب\n• أحجار الطاولة صف واحد. إذا اختيرت كل يد حجرًا حجرًا فيجب أن يتصل الباقي، ولا يظهر "
        "عددًا فرديًا من المرات إلا رقمان على الأكثر، ولا رقم في اللعبة المقفولة. مثال: جولة أولى "
        "مقفولة، والأيدي 3-3 / 4-0 / 4-3 / 0-0، لا تحدث أبدًا: على الطاولة يظهر 0 و3 خمس مرات لكل "
        "منهما.\n• اللعبة المقفولة تترك أحجار رقم واحد n السبعة كلها على الطاولة، فتحمل الأيدي {blocked} "
        "− 6 × n نقطة على الأكثر ({blocked66} − 6 × n إذا بدأت الجولة بالدبل ستة وn ليس 6). مثال: بعد "
        "الدومينو لا تحدث لعبة مقفولة 69، 2، 48، 2 أبدًا.\n• اللعب واجب على من يستطيع. بعد الدومينو لا "
        "يمكن أن يحتفظ الخصمان كلاهما بسبعة أحجار، ووضع اللاعبون الثلاثة الباقون {laid} أحجار على الأقل. "
        "مثال: يخرج المقعد 1 ويُدخَل للخصمين 59 و59: مرفوض."
    ),
    # issue 15: counting pips from a photo
    "photo.count": "العدّ من صورة",
    "photo.reading": "جارٍ قراءة الصورة…",
    "photo.busy": "ما زالت صورة قيد القراءة: انتظر حتى تنتهي.",
    "photo.title": "نقاط {name} من الصورة",
    "photo.total": "{pips} نقطة",
    "photo.help": "المس نقطة فاتت لإضافتها، أو علامة خاطئة لحذفها. «استخدم» يضع المجموع في النموذج.",
    "photo.use": "استخدم",
    "photo.cancel": "إلغاء",
    "photo.reason.unreadable": "هذا الملف ليس صورة يمكن قراءتها.",
    "photo.reason.too_small": "هذه الصورة أصغر من أن تظهر فيها قطعة.",
    "photo.reason.too_large": "هذه الصورة أكبر من أن تُقرأ.",
    "photo.reason.no_tiles": "لم يُعثر على أي قطعة: ضع القطع مكشوفة على طاولة سادة في ضوء جيد وحاول مرة أخرى.",
    "photo.reason.failed": "تعذّرت قراءة هذه الصورة؛ اكتب المجموع بدلاً من ذلك.",
    # setting a read tile's halves
    "photo.set_tile": "حدّد نصفي القطعة {n}",
    "photo.half_a": "نصف:",
    "photo.half_b": "النصف الآخر:",
    "photo.set_half_a": "القطعة {n}، نصف: {pips}",
    "photo.set_half_b": "القطعة {n}، النصف الآخر: {pips}",
    # layout and language
    "record.pips_unit": "نقطة",
}
