// Units of work done on several threads and handed on in the order they
// were taken: `validate -j N`'s queue (batch.cpp, validate_all). The
// workers take the units in turn, each making the next one itself (reading
// it, say), and do them at once; the calling thread hands each on, in
// order, as soon as it and every unit before it are done. So the output is
// the same, byte for byte, for any number of workers.
//
// At most `window` units are taken and not yet handed on (a worker waits
// for room). A unit handed on goes back to the worker that did it, which
// lets it go when it next takes a unit: memory freed by the thread that
// allocated it. A worker's exception (std::bad_alloc above all) stops every
// worker and is rethrown on the calling thread once they are joined, as is
// one from handing on: the run ends as with one thread, never by
// std::terminate.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace trickref {

template <class Unit>
class OrderedWork {
 public:
  // A unit taken, as its worker sees it.
  class Job {
   public:
    Unit unit;

   private:
    friend class OrderedWork;
    unsigned worker_ = 0;  // the worker that took it, which gets it back
    bool done_ = false;
  };
  using Jobs = std::vector<std::unique_ptr<Job>>;

  OrderedWork(unsigned workers, std::size_t window)
      : workers_(std::max(1U, workers)),
        window_(std::max<std::size_t>(1, window)),
        wanted_(std::max<std::size_t>(1, window_ / 2)),
        given_back_(workers_) {}

  // Runs `work(self)` on each worker's thread (self: 0 to workers - 1),
  // which calls take() and done() until take() gives no unit, while this
  // thread calls `hand_on(unit)` for each unit done, in the order taken.
  // Returns when every unit is handed on.
  template <class Work, class HandOn>
  void run(Work&& work, HandOn&& hand_on) {
    {
      std::vector<std::thread> threads;
      const Joiner joiner{*this, threads};
      for (unsigned self = 0; self < workers_; ++self) {
        threads.emplace_back([this, &work, self] { guarded(work, self); });
      }
      Jobs ready;
      while (next_ready(ready)) {
        for (auto& job : ready) {
          hand_on(job->unit);
          give_back(std::move(job));
        }
        ready.clear();
      }
    }
    if (failure_) {
      std::rethrow_exception(failure_);
    }
  }

  // A worker's next unit, made by `make(unit)` (false: there is none left),
  // called for one worker at a time, in the order the units are handed on;
  // null when none is left or the run stops. `handed_on` gets the units
  // this worker did that were handed on since it last took one.
  template <class Make>
  Job* take(unsigned self, Make&& make, Jobs& handed_on) {
    const std::lock_guard making(making_);
    {
      std::unique_lock lock(mutex_);
      room_.wait(lock, [&] { return stop_ || waiting_.size() < window_; });
      handed_on.swap(given_back_[self]);
      if (stop_ || all_taken_) {
        return nullptr;
      }
    }
    auto job = std::make_unique<Job>();
    job->worker_ = self;
    if (!make(job->unit)) {
      const std::lock_guard lock(mutex_);
      all_taken_ = true;
      wake_if_ready();
      return nullptr;
    }
    Job* const taken = job.get();
    const std::lock_guard lock(mutex_);
    waiting_.push_back(std::move(job));
    return taken;
  }

  // `job` is done: it may be handed on.
  void done(Job* job) {
    const std::lock_guard lock(mutex_);
    job->done_ = true;
    wake_if_ready();
  }

 private:
  // Stops the workers and joins them on every way out of run(), an
  // exception from hand_on or from starting a thread included.
  struct Joiner {
    OrderedWork& queue;
    std::vector<std::thread>& threads;
    ~Joiner() {
      queue.stop();
      for (auto& t : threads) {
        t.join();
      }
    }
  };

  template <class Work>
  void guarded(Work& work, unsigned self) {
    try {
      work(self);
    } catch (...) {
      const std::lock_guard lock(mutex_);
      if (!failure_) {
        failure_ = std::current_exception();
      }
      stop_ = true;
      room_.notify_all();
      ready_.notify_all();
    }
  }

  void stop() {
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
    }
    room_.notify_all();
  }

  // The units done at the front of `waiting_` (under the lock).
  [[nodiscard]] std::size_t done_at_front() const {
    std::size_t n = 0;
    while (n < waiting_.size() && waiting_[n]->done_) {
      ++n;
    }
    return n;
  }

  // Whether the handing-on thread has work, or must end (under the lock).
  // It waits for several units done at once, not for the front alone: it
  // sleeps and wakes once for half a window of units rather than for each.
  [[nodiscard]] bool ready_to_hand_on() const {
    const std::size_t n = done_at_front();
    return stop_ || n >= wanted_ || (all_taken_ && n == waiting_.size());
  }

  void wake_if_ready() {  // under the lock
    if (ready_to_hand_on()) {
      ready_.notify_one();
    }
  }

  // Waits for units to hand on and moves them to `out`, in order; false
  // when every unit is handed on, or on stop.
  bool next_ready(Jobs& out) {
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return ready_to_hand_on(); });
      if (stop_ || (all_taken_ && waiting_.empty())) {
        return false;
      }
      for (std::size_t n = done_at_front(); n > 0; --n) {
        out.push_back(std::move(waiting_.front()));
        waiting_.pop_front();
      }
    }
    room_.notify_all();
    return true;
  }

  void give_back(std::unique_ptr<Job> job) {
    const std::lock_guard lock(mutex_);
    const unsigned worker = job->worker_;
    given_back_[worker].push_back(std::move(job));
  }

  const unsigned workers_;
  const std::size_t window_;
  const std::size_t wanted_;  // units done at the front that wake the handing-on thread
  std::mutex making_;         // one worker makes a unit at a time, in order
  std::mutex mutex_;          // everything below
  std::condition_variable room_;   // a worker waits for room in the window
  std::condition_variable ready_;  // the handing-on thread waits for units done
  std::deque<std::unique_ptr<Job>> waiting_;  // in the order taken, until handed on
  std::vector<Jobs> given_back_;              // by worker: handed on, to let go
  bool all_taken_ = false;
  bool stop_ = false;
  std::exception_ptr failure_;
};

}  // namespace trickref
