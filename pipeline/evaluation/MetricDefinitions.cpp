#include "MetricDefinitions.h"

#include <QCoreApplication>

#include <array>

namespace rd::eval {

namespace {

struct Definition
{
    const char *column;     // as the tables name it (EvaluationTables.cpp)
    const char *definition; // as docs/evaluation.md states it
};

// The defect-focused paper's metrics (App. M) and AACR-Bench's (§4.2).
constexpr std::array<Definition, 18> Definitions{{
    {"KBI", QT_TRANSLATE_NOOP("rd::pipeline", "Key bug inclusion: 100 · Σ key issues found / Σ key issues; not defined without references. "
                                              "Defect-focused review paper, App. M.1, Eq. 1.")},
    {"FAR1", QT_TRANSLATE_NOOP("rd::pipeline", "False alarm rate: the mean over all merge requests of 100 · false alarms / comments. "
                                               "Defect-focused review paper, App. M.2, Eq. 2.")},
    {"FAR2", QT_TRANSLATE_NOOP("rd::pipeline", "False alarm rate over the merge requests where a key issue was found ('—' when none). "
                                               "Defect-focused review paper, App. M.2, Eq. 3.")},
    {"CPI1", QT_TRANSLATE_NOOP("rd::pipeline", "Comprehensive performance index: 2 · KBI · (100 − FAR1) / (KBI + 100 − FAR1). "
                                               "Defect-focused review paper, App. M.3, Eq. 4.")},
    {"CPI2", QT_TRANSLATE_NOOP("rd::pipeline", "Comprehensive performance index with FAR2: 2 · KBI · (100 − FAR2) / (KBI + 100 − FAR2). "
                                               "Defect-focused review paper, App. M.3, Eq. 5.")},
    {"LSR", QT_TRANSLATE_NOOP("rd::pipeline", "Line localization success rate: the mean over all merge requests of 100 · comments on valid lines / comments. "
                                              "Defect-focused review paper, App. M.4, Eq. 6.")},
    {"Precision", QT_TRANSLATE_NOOP("rd::pipeline", "Comments that found a reference / comments. AACR-Bench §4.2.")},
    {"Recall", QT_TRANSLATE_NOOP("rd::pipeline", "References found / references. AACR-Bench §4.2.")},
    {"F1", QT_TRANSLATE_NOOP("rd::pipeline", "2 · precision · recall / (precision + recall). AACR-Bench §4.2.")},
    {"Line precision", QT_TRANSLATE_NOOP("rd::pipeline", "Comments whose lines match a reference's / comments. AACR-Bench §4.2 (the released evaluator's line match).")},
    {"Line recall", QT_TRANSLATE_NOOP("rd::pipeline", "References matched by a comment's lines / references. AACR-Bench §4.2.")},
    {"Line F1", QT_TRANSLATE_NOOP("rd::pipeline", "2 · P · R / (P + R) of the line match. AACR-Bench §4.2.")},
    {"Semantic precision", QT_TRANSLATE_NOOP("rd::pipeline", "Comments the judge matched to a reference / comments. AACR-Bench §4.2 (semantic match).")},
    {"Semantic recall", QT_TRANSLATE_NOOP("rd::pipeline", "References the judge matched to a comment / references. AACR-Bench §4.2.")},
    {"Semantic F1", QT_TRANSLATE_NOOP("rd::pipeline", "2 · P · R / (P + R) of the semantic match. AACR-Bench §4.2.")},
    {"Comments per PR", QT_TRANSLATE_NOOP("rd::pipeline", "Comments / merge requests. AACR-Bench Table 9.")},
    {"Noise rate", QT_TRANSLATE_NOOP("rd::pipeline", "Comments that found no reference / comments. AACR-Bench §4.2.")},
    {"Comments per patch", QT_TRANSLATE_NOOP("rd::pipeline", "Comments / diff hunks, pooled over the merge requests. AACR-Bench Table 9, §4.2.1.")},
}};

} // namespace

QString columnDefinition(const QString &column)
{
    for (const Definition &d : Definitions)
        if (column == QLatin1String(d.column) || column == QCoreApplication::translate("rd::pipeline", d.column))
            return QCoreApplication::translate("rd::pipeline", d.definition);
    return {};
}

} // namespace rd::eval
