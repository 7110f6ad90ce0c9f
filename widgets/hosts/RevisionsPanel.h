#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace rd {

class ReviewSession;

// The open merge request's revisions (patch sets), one row each: number,
// head commit, when it was recorded, where it came from and how many
// comments it made outdated. Choosing two rows shows their interdiff in the
// diff view; the state is the session's RevisionService, this only shows it.
class RevisionsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RevisionsPanel(ReviewSession *session, QWidget *parent = nullptr);

    QTreeWidget *list() const { return m_list; }
    int rowCount() const;
    QString rowText(int row) const;
    // Selects two revisions (by number) and shows their interdiff, as a person would.
    void chooseRevisions(int older, int newer);

Q_SIGNALS:
    // Something could not be done; the window shows it in a dialog.
    void problem(const QString &title, const QString &message);

private:
    void refill();
    void updateButtons();
    void showInterdiff();

    ReviewSession *m_session;
    QLabel *m_summary;
    QTreeWidget *m_list;
    QPushButton *m_interdiff;
    QPushButton *m_back;
};

} // namespace rd
