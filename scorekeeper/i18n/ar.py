"""Arabic strings (shown right-to-left; digits follow the user's choice)."""

STRINGS: dict[str, str] = {
    "app.title": "حاسبة الدومينو",
    "nav.back": "رجوع",
    "nav.home": "الرئيسية",
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
    "board.to_go": "باقي {n}",
    "board.starter_double_six": "الجولة التالية: يبدأ من معه الدبل ستة به.",
    "board.starter_team": "الجولة التالية: يبدأ {team} (الفائز أو شريكه، بدبل عالٍ).",
    "board.record": "سجّل الجولة",
    "board.undo": "تراجع عن آخر جولة",
    "board.undone": "حُذفت الجولة {n}.",
    "board.rounds": "الجولات",
    "board.no_rounds": "لا جولات بعد. يبدأ من معه الدبل ستة.",
    "board.round_n": "الجولة {n}",
    "board.went_out": "خرج {name}",
    "board.lowest": "الأقل: {names}",
    "board.tie": "تعادل بين الفريقين: بلا نقاط",
    "board.redeal": "بلا نقاط",
    "board.points": "{team} +{points}",
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
    "record.pips_partner": "نقاط {name} (الشريك، اختياري)",
    "record.preview_points": "{team} +{points}",
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
    "record.saved": "حُفظت الجولة {n}: {result}",
    "record.pick_tiles": "اختر الأحجار",
    "record.type_total": "اكتب المجموع",
    "winner.title": "{team} يفوز بالمباراة!",
    "winner.final": "النتيجة النهائية {a} – {b}",
    "winner.rematch": "مباراة إعادة",
    "winner.new_match": "مباراة جديدة",
    "winner.done": "تم",
    "settings.title": "الإعدادات",
    "settings.language": "اللغة",
    "settings.digits": "الأرقام",
    "settings.digits_latin": "0123456789",
    "settings.digits_arabic": "٠١٢٣٤٥٦٧٨٩",
    "settings.theme": "المظهر",
    "settings.theme_system": "حسب الجهاز",
    "settings.theme_light": "فاتح",
    "settings.theme_dark": "داكن",
    "settings.default_target": "الهدف الافتراضي",
    "settings.save": "حفظ",
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
    "error.pips_not_whole": "نقاط {seat} يجب أن تكون عددًا صحيحًا.",
    "error.pips_negative": "نقاط {seat} لا يمكن أن تكون سالبة.",
    "error.pips_over_hand": "{seat}: {value} نقطة مستحيلة؛ اليد الواحدة تحمل {limit} على الأكثر.",
    "error.opponents_over_limit": "مع الخصمين معًا {total} نقطة؛ والممكن {limit} على الأكثر.",
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
}
