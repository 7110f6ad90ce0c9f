#pragma once

#include <TeamAnnotation.h>
#include <Workspace.h>

#include <QCoreApplication>
#include <QPalette>
#include <QString>

namespace rd {

class ReviewSession;

// What a comment card says about the team (issue 11): the near-duplicate
// group it is judged with and each member's provenance, the other
// annotators' judgements as far as blind mode shows them (or how many it
// hides), and the final label once there is one.
class TeamCardText
{
    Q_DECLARE_TR_FUNCTIONS(rd::TeamCardText)

public:
    static QString html(const ReviewSession &session, const StoredComment &comment, const QPalette &palette);
    // "Accept · Code Defect · File Level · severity 5 · key bug"
    static QString labelText(const std::optional<Verdict> &verdict, const std::optional<QString> &category, const std::optional<ContextLevel> &context,
                             const std::optional<int> &severity, const std::optional<bool> &keyBug);
    static QString teamLabelText(TeamLabel label); // "verdict", translated
    static QString statusText(const FinalLabel &label);
};

} // namespace rd
