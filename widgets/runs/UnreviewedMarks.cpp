#include "UnreviewedMarks.h"

#include "DiffPane.h"
#include "DiffView.h"

#include <ReviewSession.h>

namespace rd {

UnreviewedMarks::UnreviewedMarks(ReviewSession *session, DiffPane *pane, QObject *parent) : QObject(parent), m_session(session), m_pane(pane)
{
    connect(pane, &DiffPane::documentShown, this, &UnreviewedMarks::refresh);
    const MergeRequestDocument *document = session->document();
    for (auto signal : {&MergeRequestDocument::runsChanged, &MergeRequestDocument::mergeRequestChanged})
        connect(document, signal, this, [this] {
            m_coverage.clear();
            refresh();
        });
}

void UnreviewedMarks::setRunFilter(std::function<qint64()> run)
{
    m_run = std::move(run);
    refresh();
}

void UnreviewedMarks::refresh()
{
    DiffView *view = m_pane->view();
    const DiffDocument *document = view->document();
    PerSide<QHash<int, QString>> marks;
    if (document && !m_pane->isBuilding() && m_session->diff()) {
        const QString path = QString::fromUtf8(document->file.displayPath());
        const qint64 only = m_run ? m_run() : 0;
        for (const StoredRun &run : m_session->runs()) {
            if (only != 0 && run.id != only)
                continue;
            auto it = m_coverage.find(run.id);
            if (it == m_coverage.end())
                it = m_coverage.insert(run.id, RunCoverage::fromJson(run.coverage));
            const auto reasons = it->unreviewedReasons(path);
            for (const auto &[side, index] : {std::pair{Side::New, 0}, std::pair{Side::Old, 1}})
                for (auto r = reasons[index].cbegin(); r != reasons[index].cend(); ++r) {
                    const QString line = tr("Run %1 (%2): %3").arg(run.id).arg(run.label, r.value());
                    QString &into = marks[side][r.key()];
                    into = into.isEmpty() ? line : into + QLatin1Char('\n') + line;
                }
        }
    }
    view->setUnreviewedLines(marks);
}

} // namespace rd
